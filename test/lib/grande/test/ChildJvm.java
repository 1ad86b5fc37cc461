/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package grande.test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.reflect.Proxy;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.ExportException;
import java.rmi.server.RemoteObjectInvocationHandler;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

/**
 * A child JVM of a test (a server or a client program) and what the
 * programs on both sides share: the RMI mode under test, the loopback host,
 * a registry on a free port, and a standard input that ends the child when
 * the test JVM dies.
 *
 * <p>A child gets the test JDK's java, the test's VM options, this JVM's
 * class path, the properties that select and configure the RMI runtime
 * (java.rmi.provider, every jdk.fastrmi.* and test.fastrmi.technology,
 * copied from this JVM, so a test's @run line decides for all its JVMs), and
 * java.rmi.server.hostname=127.0.0.1 unless the caller sets it. Its output
 * is echoed here with its name as prefix and kept for awaitLine and printed.
 *
 * <p>The usual remote test is a server program that calls {@link #serve}
 * and {@link #awaitStop}, and a test JVM that calls {@link #startServer},
 * {@link #lookup} and {@link #stop}; a test whose server speaks another
 * protocol uses {@link #start}, {@link #awaitLine} and {@link #send}.
 */
public final class ChildJvm implements AutoCloseable {

    /** The loopback address every JVM of these tests uses. */
    public static final String HOST = "127.0.0.1";

    /** The provider property; "fastrmi" selects jdk.fastrmi. */
    public static final String PROVIDER = "java.rmi.provider";

    /** Whether this JVM (and so every JVM of the test) runs jdk.fastrmi. */
    public static final boolean FASTRMI = "fastrmi".equals(System.getProperty(PROVIDER));

    /** The technology a test expects its stubs to use, as FastRMI.technology tells it. */
    public static final String TECHNOLOGY = "test.fastrmi.technology";

    /** The exit code of a child whose standard input ended (its test JVM died). */
    public static final int ORPHANED = 97;

    private static final BlockingQueue<String> COMMANDS = new LinkedBlockingQueue<>();
    private static final AtomicBoolean WATCHING = new AtomicBoolean();

    private final String name;
    private final Process process;
    private final List<String> lines = new ArrayList<>();   // guarded by itself
    private final BitSet returned = new BitSet();            // lines awaitLine returned; guarded by lines
    private boolean ended;                                   // guarded by lines
    private int port = -1;                                   // the registry port awaitPort read

    private ChildJvm(String name, Process process) {
        this.name = name;
        this.process = process;
        Thread pump = new Thread(this::pump, name + "-output");
        pump.setDaemon(true);
        pump.start();
    }

    /** Seconds scaled by jtreg's timeout factor. */
    public static long seconds(long seconds) {
        double factor = Double.parseDouble(System.getProperty("test.timeout.factor", "1"));
        return Math.max(seconds, (long) Math.ceil(seconds * factor));
    }

    /** Seconds scaled by jtreg's timeout factor, in milliseconds (for APIs that take them). */
    public static long millis(long seconds) {
        return TimeUnit.SECONDS.toMillis(seconds(seconds));
    }

    /**
     * How a child is started: the command line before java (a program that
     * runs its arguments, such as {@code ip netns exec NS}; empty for none)
     * and environment variables set for it on top of this JVM's.
     */
    public record Launcher(List<String> prefix, Map<String, String> environment) {
        /** java itself, in this JVM's environment. */
        public static final Launcher DIRECT = new Launcher(List.of(), Map.of());

        public Launcher {
            prefix = List.copyOf(prefix);
            environment = Map.copyOf(environment);
        }
    }

    /** Starts mainClass with args in a child JVM with the extra VM options. */
    public static ChildJvm start(String name, List<String> options, String mainClass, String... args)
            throws IOException {
        return start(Launcher.DIRECT, name, options, mainClass, args);
    }

    /**
     * Starts mainClass with args in a child JVM with the extra VM options,
     * through the launcher; the prefix must exec java (so that the child's
     * process is the JVM, which kill and signal reach).
     */
    public static ChildJvm start(Launcher launcher, String name, List<String> options, String mainClass,
                                 String... args) throws IOException {
        List<String> cmd = new ArrayList<>(launcher.prefix());
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String key : new String[] {"test.vm.opts", "test.java.opts"}) {
            for (String opt : System.getProperty(key, "").trim().split("\\s+")) {
                if (!opt.isEmpty()) {
                    cmd.add(opt);   // every one, in order: an option may take the next as its value
                }
            }
        }
        cmd.addAll(inheritedProperties());
        addProgram(cmd, options, mainClass, args);
        System.out.println(name + ": " + (launcher.environment().isEmpty() ? "" : launcher.environment() + " ")
                           + String.join(" ", cmd));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(launcher.environment());
        return new ChildJvm(name, pb.start());
    }

    /**
     * Starts mainClass with args on the java of another JDK (javaHome), with
     * the given options only (and RMI's host name, HOST, unless they set
     * one): none of this JVM's properties or VM options, which may not
     * exist there. The class path is this JVM's.
     */
    public static ChildJvm startOn(Path javaHome, String name, List<String> options, String mainClass,
                                   String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(javaHome.resolve("bin").resolve("java").toString());
        addProgram(cmd, options, mainClass, args);
        System.out.println(name + ": " + String.join(" ", cmd));
        return new ChildJvm(name, new ProcessBuilder(cmd).redirectErrorStream(true).start());
    }

    /* RMI's host name unless the options set one, the options, this JVM's class path, the program. */
    private static void addProgram(List<String> cmd, List<String> options, String mainClass, String... args) {
        if (options.stream().noneMatch(o -> o.startsWith("-Djava.rmi.server.hostname="))) {
            cmd.add("-Djava.rmi.server.hostname=" + HOST);
        }
        cmd.addAll(options);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
    }

    /**
     * The -D options that give a child this JVM's java.rmi.provider, every
     * jdk.fastrmi.* property and test.fastrmi.technology.
     */
    public static List<String> inheritedProperties() {
        List<String> options = new ArrayList<>();
        System.getProperties().stringPropertyNames().stream().sorted()
              .filter(k -> k.equals(PROVIDER) || k.equals(TECHNOLOGY) || k.startsWith("jdk.fastrmi."))
              .forEach(k -> options.add("-D" + k + "=" + System.getProperty(k)));
        return options;
    }

    private void pump() {
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                System.out.println("[" + name + "] " + line);
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            System.out.println("[" + name + "] output lost: " + e);
        } finally {
            synchronized (lines) {
                ended = true;
                lines.notifyAll();
            }
        }
    }

    /**
     * The rest of the first output line that starts with prefix and that no
     * earlier call returned (so a line the child prints again, such as a
     * count, is waited for anew), waiting up to the given (scaled) seconds;
     * an AssertionError if the child ends or the time runs out first.
     */
    public String awaitLine(String prefix, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds(seconds));
        synchronized (lines) {
            while (true) {
                for (int i = returned.nextClearBit(0); i < lines.size(); i = returned.nextClearBit(i + 1)) {
                    if (lines.get(i).startsWith(prefix)) {
                        returned.set(i);
                        return lines.get(i).substring(prefix.length());
                    }
                }
                long left = deadline - System.nanoTime();
                if (ended || left <= 0) {
                    throw new AssertionError(name + (ended ? " ended" + exitCode() : " timed out")
                                             + " before it printed \"" + prefix + "\"");
                }
                TimeUnit.NANOSECONDS.timedWait(lines, left);
            }
        }
    }

    /* " (exit code n)" once the process ended (waiting a moment for it), else "". */
    private String exitCode() throws InterruptedException {
        return process.waitFor(5, TimeUnit.SECONDS) ? " (exit code " + process.exitValue() + ")" : "";
    }

    /** Whether the child has printed a line that starts with prefix (returned by awaitLine or not). */
    public boolean printed(String prefix) {
        synchronized (lines) {
            return lines.stream().anyMatch(l -> l.startsWith(prefix));
        }
    }

    /** Whether the child has printed a line in which the pattern is found. */
    public boolean printedMatching(java.util.regex.Pattern pattern) {
        synchronized (lines) {
            return lines.stream().anyMatch(l -> pattern.matcher(l).find());
        }
    }

    /** Whether the child has printed a line that contains text anywhere. */
    public boolean printedContaining(String text) {
        synchronized (lines) {
            return lines.stream().anyMatch(l -> l.contains(text));
        }
    }

    /**
     * The registry port a server printed as "PORT n", waited for at the
     * first call and remembered for port() and registry().
     */
    public int awaitPort() throws InterruptedException {
        if (port < 0) {
            port = Integer.parseInt(awaitLine("PORT ", 60).trim());
        }
        return port;
    }

    /** Sends one command line to the child's standard input. */
    public void send(String command) throws IOException {
        OutputStream in = process.getOutputStream();
        in.write((command + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** Closes the child's standard input: the end of its commands. */
    public void closeInput() throws IOException {
        process.getOutputStream().close();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The child's process id (the JVM's: a launcher prefix execs java). */
    public long pid() {
        return process.pid();
    }

    /** The exit code, waiting up to the given (scaled) seconds; AssertionError on a timeout. */
    public int awaitExit(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds(seconds), TimeUnit.SECONDS)) {
            throw new AssertionError(name + " did not exit within " + seconds(seconds) + " s");
        }
        synchronized (lines) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!ended && System.nanoTime() < deadline) {
                lines.wait(100);   // let the pump echo the last lines
            }
        }
        return process.exitValue();
    }

    /**
     * Sends the child a signal with kill(1): "STOP" freezes it (as a long
     * pause or a hung host would), "CONT" lets it go on.
     */
    public void signal(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                .redirectErrorStream(true).start();
        String output = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (kill.waitFor() != 0) {
            throw new AssertionError("kill -" + signal + " " + process.pid() + ": " + output);
        }
        System.out.println(name + ": SIG" + signal);
    }

    /** Kills the child at once (SIGKILL, no shutdown hooks) and waits until it is gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(seconds(30), TimeUnit.SECONDS)) {
            throw new AssertionError(name + " survived destroyForcibly");
        }
        System.out.println(name + ": killed, exit " + process.exitValue());
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    // ---- the usual remote test, test JVM side ----

    /**
     * Starts a server program (one that calls {@link #serve}) as "server"
     * and waits until it is ready: its registry port is known and it runs
     * the RMI runtime under test.
     */
    public static ChildJvm startServer(String mainClass, List<String> options, String... args)
            throws IOException, InterruptedException {
        ChildJvm server = start("server", options, mainClass, args);
        try {
            server.awaitPort();
            expectEquals(expectedRuntime(), server.awaitLine("RUNTIME ", 1), "the server's runtime");
        } catch (Throwable t) {
            server.close();
            throw t;
        }
        return server;
    }

    /** The registry port that awaitPort read. */
    public int port() {
        if (port < 0) {
            throw new IllegalStateException(name + ": its port was not read yet (awaitPort)");
        }
        return port;
    }

    /** The server's registry, at HOST. */
    public Registry registry() throws IOException {
        return LocateRegistry.getRegistry(HOST, port());
    }

    /**
     * The stub bound as name in the server's registry at host, checked to
     * belong to the runtime and the technology under test.
     */
    @SuppressWarnings("unchecked")
    public <T extends Remote> T lookup(String host, String name) throws Exception {
        Remote stub = LocateRegistry.getRegistry(host, port()).lookup(name);
        expectTechnology(stub);
        expectRuntimeStub(stub);
        return (T) stub;
    }

    /** lookup at HOST. */
    public <T extends Remote> T lookup(String name) throws Exception {
        return lookup(HOST, name);
    }

    /** Sends "stop" and expects the server to exit with 0 within the given (scaled) seconds. */
    public void stop(long seconds) throws IOException, InterruptedException {
        send("stop");
        expectEquals(0, awaitExit(seconds), "the server's exit code");
    }

    // ---- used by the child programs ----

    /**
     * Makes this (child) JVM halt when its standard input ends, which
     * happens when the test JVM dies; the lines it reads are commands
     * for nextCommand. Once per JVM: a second reader of the same input
     * could take a command into its own buffer and never hand it on.
     */
    public static void exitWithParent() {
        if (!WATCHING.compareAndSet(false, true)) {
            return;
        }
        Thread watch = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(
                    new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    COMMANDS.add(line);
                }
            } catch (IOException e) {
                // the same as the end of the input
            }
            Runtime.getRuntime().halt(ORPHANED);
        }, "parent-watch");
        watch.setDaemon(true);
        watch.start();
    }

    /** The next command line sent by the test JVM; AssertionError after the (scaled) timeout. */
    public static String nextCommand(long seconds) throws InterruptedException {
        String command = COMMANDS.poll(seconds(seconds), TimeUnit.SECONDS);
        if (command == null) {
            throw new AssertionError("no command from the test JVM within " + seconds(seconds) + " s");
        }
        return command;
    }

    /** The next command line if one arrives within millis, else null. */
    public static String pollCommand(long millis) throws InterruptedException {
        return COMMANDS.poll(millis, TimeUnit.MILLISECONDS);
    }

    /** A registry made by LocateRegistry.createRegistry and its port. */
    public record LocalRegistry(Registry registry, int port) { }

    /** Creates a registry on a port that was free a moment ago (retried if it was taken since). */
    public static LocalRegistry createRegistry() throws Exception {
        for (int attempt = 1; ; attempt++) {
            int port = freePort();
            try {
                return new LocalRegistry(LocateRegistry.createRegistry(port), port);
            } catch (ExportException e) {
                if (attempt == 10) {
                    throw e;
                }
            }
        }
    }

    /**
     * The server side of startServer: ends this JVM with its test JVM,
     * exports each object and binds it under its name in a new registry,
     * then prints "RUNTIME r" and "PORT n" (the port last: startServer's
     * signal that the server is ready).
     */
    public static LocalRegistry serve(Map<String, ? extends Remote> objects) throws Exception {
        exitWithParent();
        LocalRegistry local = createRegistry();
        for (Map.Entry<String, ? extends Remote> e : objects.entrySet()) {
            local.registry().bind(e.getKey(), UnicastRemoteObject.exportObject(e.getValue(), 0));
        }
        System.out.println("RUNTIME " + runtime(local.port()));
        System.out.println("PORT " + local.port());
        return local;
    }

    /** serve with one object. */
    public static LocalRegistry serve(String name, Remote object) throws Exception {
        return serve(Map.of(name, object));
    }

    /** Waits (scaled seconds) for the "stop" that ChildJvm.stop sends; an AssertionError for anything else. */
    public static void awaitStop(long seconds) throws InterruptedException {
        expectEquals("stop", nextCommand(seconds), "the command");
    }

    /**
     * A whole server program: serve, then awaitStop (scaled seconds), then
     * exit with 0, which the exported objects would otherwise prevent.
     */
    public static void serveUntilStop(Map<String, ? extends Remote> objects, long seconds) throws Exception {
        serve(objects);
        awaitStop(seconds);
        System.exit(0);
    }

    /** serveUntilStop with one object. */
    public static void serveUntilStop(String name, Remote object, long seconds) throws Exception {
        serveUntilStop(Map.of(name, object), seconds);
    }

    /** A TCP port nothing listened on a moment ago. */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /**
     * Which RMI runtime serves this JVM's exported objects, told by the
     * threads that accept connections: "fastrmi" (fastrmi-tcp-accept-port)
     * or "jrmp" (RMI TCP Accept-port).
     */
    public static String runtime(int port) {
        boolean fast = false;
        boolean jrmp = false;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            fast |= t.getName().equals("fastrmi-tcp-accept-" + port);
            jrmp |= t.getName().equals("RMI TCP Accept-" + port);
        }
        return fast == jrmp ? "unknown (fastrmi " + fast + ", jrmp " + jrmp + ")" : fast ? "fastrmi" : "jrmp";
    }

    /** The runtime this test expects in every JVM. */
    public static String expectedRuntime() {
        return FASTRMI ? "fastrmi" : "jrmp";
    }

    /** Whether stub is a stub of the JDK's JRMP (a proxy with RMI's invocation handler). */
    public static boolean isJrmpStub(Remote stub) {
        return Proxy.isProxyClass(stub.getClass())
               && Proxy.getInvocationHandler(stub) instanceof RemoteObjectInvocationHandler;
    }

    /** An AssertionError unless stub belongs to the runtime under test. */
    public static void expectRuntimeStub(Remote stub) {
        expect(isJrmpStub(stub) != FASTRMI, "a stub of " + expectedRuntime() + ": " + stub.getClass().getName());
    }

    /**
     * If test.fastrmi.technology is set, an AssertionError unless
     * FastRMI.technology(stub) equals it: the test runs over what it claims.
     */
    public static void expectTechnology(Remote stub) {
        String expected = System.getProperty(TECHNOLOGY);
        if (expected != null) {
            expectTechnology(expected, stub, "the stub's technology");
        }
    }

    /**
     * An AssertionError unless FastRMI.technology(stub) equals expected
     * within 30 s: the fabric starts in the background when first wanted,
     * and until it has, new connections (and FastRMI.technology) take tcp.
     * A test of the fabric waits for it here, before its connections.
     */
    public static void expectTechnology(String expected, Remote stub, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String actual;
        while (!expected.equals(actual = jdk.fastrmi.FastRMI.technology(stub)) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                throw new AssertionError("interrupted", e);
            }
        }
        if (!expected.equals(actual)) {
            throw new AssertionError(what + ": expected " + expected + ", got " + actual + " (" + stub + ")");
        }
        System.out.println("ok: " + what + " is " + actual);
    }
}
