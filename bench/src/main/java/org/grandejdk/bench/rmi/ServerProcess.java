/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.rmi.Remote;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.grandejdk.bench.Lifecycle;

/**
 * A server program in a second JVM: the same java binary and class path as
 * this JVM, and the same system properties and module options, so that a
 * configuration chosen with the fork's options holds on both ends. The
 * server prints {@code PORT n} on its standard output when it is ready and
 * exits when its standard input ends; {@link #close} closes it, then
 * destroys the process if it has not gone. Public for the fabric area's
 * echo server (org.grandejdk.bench.fabric).
 */
public final class ServerProcess implements AutoCloseable {

    private static final Pattern PORT_LINE = Pattern.compile("PORT (\\d+)");
    private static final long START_SECONDS = 60;
    private static final long STOP_SECONDS = 10;

    /** The options of this JVM a server gets too; each may be followed by its value. */
    private static final List<String> FORWARDED = List.of("-D", "-Xms", "-Xmx",
            "--patch-module", "--add-reads", "--add-exports", "--add-opens", "--add-modules",
            "--enable-native-access", "--sun-misc-unsafe-memory-access");
    private static final List<String> WITH_SEPARATE_VALUE = List.of("--patch-module",
            "--add-reads", "--add-exports", "--add-opens", "--add-modules",
            "--enable-native-access");

    private final Process process;
    private final int port;
    /** What {@link #connect} opened, for {@link #close}. */
    private final List<Socket> connections = new ArrayList<>();

    private ServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** The port the server printed. */
    public int port() {
        return port;
    }

    /**
     * A connection to the port the server printed, on the loopback, with
     * Nagle off: every round trip sends a message and waits for the answer.
     * {@link #close} closes it, before it ends the server.
     */
    public Socket connect() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        synchronized (connections) {
            connections.add(socket);
        }
        socket.setTcpNoDelay(true);
        return socket;
    }

    /** Starts mainClass in a new JVM and waits until it prints its port. */
    public static ServerProcess start(Class<?> mainClass, String... args) throws Exception {
        return start(List.of(), mainClass, args);
    }

    /**
     * The same, with options of the server's own after those of this JVM
     * (a later -Xmx wins, for one).
     */
    public static ServerProcess start(List<String> options, Class<?> mainClass, String... args)
            throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(forwardedOptions());
        command.addAll(options);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread reader = new Thread(() -> readOutput(process, port), "server-output");
        reader.setDaemon(true);
        reader.start();
        try {
            return new ServerProcess(process, port.get(START_SECONDS, TimeUnit.SECONDS));
        } catch (ExecutionException | TimeoutException e) {
            // Its output ended (it is exiting) or it took too long.
            String exit = process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)
                    ? "exit code " + process.exitValue() : "killed";
            process.destroyForcibly();
            throw new IllegalStateException("the server " + mainClass.getSimpleName()
                    + " did not start (" + exit + "; its standard error is in the JMH log): "
                    + command, e);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /**
     * Completes port with the server's PORT line and passes every other line
     * on (a server says little, but it must never block on a full pipe).
     */
    private static void readOutput(Process process, CompletableFuture<Integer> port) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                Matcher m = PORT_LINE.matcher(line);
                if (!port.isDone() && m.matches()) {
                    port.complete(Integer.parseInt(m.group(1)));
                } else {
                    System.out.println("server: " + line);
                }
            }
        } catch (IOException e) {
            port.completeExceptionally(e);
        }
        port.completeExceptionally(new IOException("the server's output ended without a port"));
    }

    /** The options of this JVM's command line that a server needs too. */
    private static List<String> forwardedOptions() {
        List<String> options = new ArrayList<>();
        List<String> input = ManagementFactory.getRuntimeMXBean().getInputArguments();
        for (int i = 0; i < input.size(); i++) {
            String option = input.get(i);
            if (FORWARDED.stream().anyMatch(option::startsWith)) {
                options.add(option);
                if (WITH_SEPARATE_VALUE.contains(option) && i + 1 < input.size()) {
                    options.add(input.get(++i));
                }
            }
        }
        return options;
    }

    /**
     * Ends the server: closes the connections {@link #connect} opened, then
     * its standard input (it unexports and exits), then destroys it if it
     * is still there. Closing again does nothing more.
     */
    @Override
    public void close() throws Exception {
        AutoCloseable[] sockets;
        synchronized (connections) {
            sockets = connections.toArray(AutoCloseable[]::new);
            connections.clear();
        }
        try {
            Lifecycle.closeAll(sockets);
        } finally {
            stop();
        }
    }

    private void stop() throws InterruptedException {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // It has gone already.
        }
        if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
            process.destroy();
            if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(STOP_SECONDS, TimeUnit.SECONDS);
            }
        }
    }

    /**
     * A server's main: runs body, then exits with 0, or prints the stack
     * trace and exits with 1 when it failed (an exported object keeps the
     * JVM alive, and stock RMI keeps non-daemon threads for a while after
     * unexport: the exit is what tells the benchmark at once).
     */
    public static void runServer(Lifecycle.Body body) {
        try {
            body.run();
        } catch (Throwable e) {
            e.printStackTrace();
            System.exit(1);
        }
        System.exit(0);
    }

    /**
     * A server's life around one object: exports impl, checks that it runs
     * the RMI the options name ({@link RmiConfiguration#check}), binds it as
     * name in a registry on a free port, tells the benchmark that port
     * ("PORT n"), serves until its standard input ends, then unbinds and
     * unexports both.
     */
    public static void serveUntilEndOfInput(String name, Remote impl) throws Exception {
        Remote stub = UnicastRemoteObject.exportObject(impl, 0);
        RmiConfiguration.check("server", stub);
        int[] port = new int[1];
        Registry registry = PingServer.createRegistry(port);
        registry.bind(name, stub);
        System.out.println("PORT " + port[0]);
        System.out.flush();

        awaitEndOfInput();
        registry.unbind(name);
        UnicastRemoteObject.unexportObject(impl, true);
        UnicastRemoteObject.unexportObject(registry, true);
    }

    /**
     * For a server's main thread: returns when its standard input ends (the
     * benchmark closed it, or its JVM died).
     */
    public static void awaitEndOfInput() throws IOException {
        byte[] buffer = new byte[64];
        while (System.in.read(buffer) >= 0) {
            // Nothing is sent; only the end counts.
        }
    }
}
