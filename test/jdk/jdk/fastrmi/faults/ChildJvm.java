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

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static grande.test.Checks.expect;

/**
 * A JVM a test starts: the same java with jtreg's VM and java options (so a
 * --patch-module reaches it), this JVM's java.rmi.provider, jdk.fastrmi.*
 * and test.fastrmi.technology properties, the loopback host and class path. Its output (stdout and stderr) is copied to ours with a prefix
 * and kept, so a test can wait for a line; commands go to its standard input.
 */
final class ChildJvm implements AutoCloseable {

    static final String HOST = "127.0.0.1";

    /** The technology a test expects its stubs to use, as FastRMI.technology tells it. */
    static final String TECHNOLOGY = "test.fastrmi.technology";

    /** jtreg's timeout factor, applied to every bound a test waits for. */
    static final double TIMEOUT_FACTOR =
            Double.parseDouble(System.getProperty("test.timeout.factor", "1"));

    private final String name;
    private final Process process;
    private final Writer stdin;
    private final LinkedList<String> unread = new LinkedList<>();
    private boolean ended;

    /** A bound of the given seconds, scaled by jtreg's timeout factor, in ms. */
    static long scaledMillis(long seconds) {
        return (long) (TimeUnit.SECONDS.toMillis(seconds) * Math.max(1.0, TIMEOUT_FACTOR));
    }

    /** True if this JVM was asked to run RMI on jdk.fastrmi. */
    static boolean fastrmiRequested() {
        return "fastrmi".equals(System.getProperty("java.rmi.provider"));
    }

    private ChildJvm(String name, Process process) {
        this.name = name;
        this.process = process;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread pump = new Thread(this::pump, "pump-" + name);
        pump.setDaemon(true);
        pump.start();
    }

    /** Starts mainClass with the options above, then jvmOptions. */
    static ChildJvm start(String name, List<String> jvmOptions, String mainClass, String... args)
            throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String opts : new String[] {System.getProperty("test.vm.opts", ""),
                                         System.getProperty("test.java.opts", "")}) {
            for (String opt : opts.trim().split("\\s+")) {
                if (!opt.isEmpty()) {
                    cmd.add(opt);
                }
            }
        }
        // the runtime's selection and configuration: a test's @run line decides for all its JVMs
        System.getProperties().stringPropertyNames().stream().sorted()
              .filter(k -> k.equals("java.rmi.provider") || k.equals(TECHNOLOGY) || k.startsWith("jdk.fastrmi."))
              .forEach(k -> cmd.add("-D" + k + "=" + System.getProperty(k)));
        cmd.add("-Djava.rmi.server.hostname=" + HOST);
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        System.out.println(name + ": " + String.join(" ", cmd));
        return new ChildJvm(name, new ProcessBuilder(cmd).redirectErrorStream(true).start());
    }

    private void pump() {
        try (BufferedReader r = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                System.out.println("[" + name + "] " + line);
                synchronized (this) {
                    unread.add(line);
                    notifyAll();
                }
            }
        } catch (IOException e) {
            System.out.println("[" + name + "] output ended: " + e);
        } finally {
            synchronized (this) {
                ended = true;
                notifyAll();
            }
        }
    }

    /**
     * Waits at most timeoutMillis for a line that starts with prefix and
     * that no earlier call returned; returns the rest of the line.
     */
    synchronized String awaitLine(String prefix, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            for (Iterator<String> it = unread.iterator(); it.hasNext(); ) {
                String line = it.next();
                if (line.startsWith(prefix)) {
                    it.remove();
                    return line.substring(prefix.length());
                }
            }
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (ended) {
                throw new AssertionError(name + " ended its output before printing \"" + prefix + "\"");
            }
            if (left <= 0) {
                throw new AssertionError(name + " printed no \"" + prefix + "\" within " + timeoutMillis + " ms");
            }
            wait(left);
        }
    }

    /** True if a line starting with prefix arrived and was not returned yet. */
    synchronized boolean hasLine(String prefix) {
        return unread.stream().anyMatch(line -> line.startsWith(prefix));
    }

    /** Sends a command line to the JVM's standard input. */
    void send(String command) throws IOException {
        stdin.write(command + "\n");
        stdin.flush();
    }

    /**
     * Waits for a FaultServer to be ready and checks that it runs on
     * jdk.fastrmi if this JVM asks for it; returns its registry's port.
     */
    int awaitServerPort() throws InterruptedException {
        String provider = awaitLine("PROVIDER ", scaledMillis(60));
        if (fastrmiRequested()) {
            expect(provider.startsWith("fastrmi "), "the server runs on jdk.fastrmi: " + provider);
        }
        return Integer.parseInt(awaitLine("PORT ", scaledMillis(60)).trim());
    }

    /** Asks a FaultServer how many connection threads it has now. */
    int connectionThreads() throws IOException, InterruptedException {
        send("count");
        return Integer.parseInt(awaitLine("CONN ", scaledMillis(10)).trim());
    }

    /** A FaultServer's count of connection threads, and when it was taken. */
    record ThreadCount(int threads, long afterMillis) { }

    /**
     * Polls a FaultServer until it has at most expected connection threads,
     * for at most timeoutMillis; returns the last count.
     */
    ThreadCount awaitConnectionThreads(int expected, long timeoutMillis) throws IOException, InterruptedException {
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        int count;
        while ((count = connectionThreads()) > expected && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return new ThreadCount(count, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /** Waits at most timeoutMillis for the JVM to exit; returns its exit code. */
    int awaitExit(long timeoutMillis) throws InterruptedException {
        if (!process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
            throw new AssertionError(name + " did not exit within " + timeoutMillis + " ms");
        }
        return process.exitValue();
    }

    /** Closes the JVM's standard input, a FaultServer's signal to stop. */
    void closeInput() throws IOException {
        stdin.close();
    }

    /** Kills the JVM at once (SIGKILL) and waits for it to be gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(scaledMillis(30), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(name + " survived destroyForcibly");
        }
        System.out.println(name + ": killed, exit " + process.exitValue());
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    /**
     * If test.fastrmi.technology is set, an AssertionError unless
     * FastRMI.technology(stub) equals it: the test runs over what it claims.
     */
    static void expectTechnology(Remote stub) {
        String expected = System.getProperty(TECHNOLOGY);
        if (expected != null) {
            String actual = jdk.fastrmi.FastRMI.technology(stub);
            if (!expected.equals(actual)) {
                throw new AssertionError("the stub's technology: expected " + expected + ", got " + actual
                                         + " (" + stub + ")");
            }
            System.out.println("ok: the stub's technology is " + actual);
        }
    }
}
