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

/*
 * @test
 * @summary scripts/fetch-pinned.sh and scripts/fetch-jtreg.sh against a fake
 *          Debian archive served on loopback: a file is taken from the
 *          mirror's pool without any index, then from the cache with no
 *          network; the security pool and the snapshots are asked in turn
 *          when the mirror lacks it; a file whose sha256 is not the pin is
 *          kept aside as FILE.bad (FILE.bad.2, ...) and never accepted; when nothing matches,
 *          every address is reported with its answer and how to place the
 *          file by hand; fetch-jtreg unpacks a stand-in jtreg8 .deb.
 * @library /lib
 * @modules jdk.httpserver
 * @run main FetchPinned
 */

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.sun.net.httpserver.Filter;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.SimpleFileServer;

import grande.test.Command;
import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;
import static grande.test.Checks.requiredEnv;

public class FetchPinned {

    /** A name with the '+' and '~' that Debian versions carry. */
    static final String NAME = "xpkg_1.0+ds1-1~deb13u1.orig.tar.xz";
    static final String POOL_DIR = "main/x/xpkg";
    static final byte[] GOOD = randomBytes(1, 6 * 1024 + 17);
    static final byte[] BAD = randomBytes(2, 6 * 1024 + 17);
    static final String PIN = sha256(GOOD);

    /** The four archive addresses fetch-pinned.sh asks, in its order. */
    enum Source {
        MIRROR("DEBIAN_MIRROR", "debian", "pool"),
        SECURITY("DEBIAN_SECURITY_MIRROR", "debian-security", "pool/updates"),
        SNAPSHOT("DEBIAN_SNAPSHOT", "snapshot/debian", "pool"),
        SECURITY_SNAPSHOT("DEBIAN_SECURITY_SNAPSHOT", "snapshot/debian-security", "pool/updates");

        final String variable, dir, pool;

        Source(String variable, String dir, String pool) {
            this.variable = variable;
            this.dir = dir;
            this.pool = pool;
        }

        /** The request path of FILE in POOL_DIR under this source. */
        String path(String poolDir, String file) {
            return "/" + dir + "/" + pool + "/" + poolDir + "/" + file;
        }
    }

    /** The fake archive: www/ served by the JDK's file server on 127.0.0.1. */
    static final class Mirror implements AutoCloseable {
        final HttpServer server;
        final String base;
        /** Request paths in arrival order, logged before the answer is sent. */
        final List<String> requests = Collections.synchronizedList(new ArrayList<>());

        Mirror(Path root) throws IOException {
            server = HttpServer.create(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0, "/",
                    SimpleFileServer.createFileHandler(root),
                    Filter.beforeHandler("log", ex -> requests.add(ex.getRequestURI().getPath())));
            server.start();
            base = "http://127.0.0.1:" + server.getAddress().getPort();
        }

        String url(Source s, String poolDir, String file) {
            return base + s.path(poolDir, file);
        }

        String url(Source s) {
            return url(s, POOL_DIR, NAME);
        }

        /** The requests since the last call. */
        List<String> take() {
            synchronized (requests) {
                List<String> r = List.copyOf(requests);
                requests.clear();
                return r;
            }
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }

    record Run(int exit, String out, String err) {
        List<String> outLines() { return out.lines().toList(); }
        List<String> errLines() { return err.lines().toList(); }
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    static Path scripts;
    static Path work;
    static Path www;
    static Mirror mirror;
    static int caches;

    public static void main(String[] args) throws Exception {
        scripts = Path.of(requiredEnv("GRANDE_REPO")).resolve("scripts");
        work = Files.createTempDirectory(Path.of("."), "fetch-pinned").toAbsolutePath().normalize();
        www = Files.createDirectories(work.resolve("www"));
        expect(!Arrays.equals(GOOD, BAD), "the good and bad stand-ins differ");

        // 1. The mirror has no dists/ index at all, only the file in its
        // pool: the pool is enough (apt, skipped here, would need the index).
        Path cache = freshCache();
        Path target = cache.resolve("downloads").resolve(NAME);
        mirror = new Mirror(www);
        try {
            put(Source.MIRROR, GOOD);
            Run r = fetch(cache, PIN);
            expectFetched(r, target, Source.MIRROR, false, "with the file in the mirror's pool");
            expectEquals("", r.err(), "stderr of a clean fetch");
            expectEquals(List.of(Source.MIRROR.path(POOL_DIR, NAME)), mirror.take(),
                         "requests: the mirror's pool only, no dists/ index");
        } finally {
            mirror.close();
        }

        // 2. Cached: the server is gone, and nothing is asked of it.
        Run cached = fetch(cache, PIN);
        expectEquals(0, cached.exit(), "exit status of a cached fetch with no server\n" + cached);
        expectEquals(List.of("fetch: " + NAME + " (cached, sha256 ok)"), cached.outLines(),
                     "stdout of a cached fetch");
        expectEquals("", cached.err(), "stderr of a cached fetch");
        expectEquals(List.of(), mirror.take(), "requests of a cached fetch");
        expectContent(GOOD, target, "the cached file after a cached fetch");

        // 2b. Nothing cached and nothing answering: each address is reported
        // with curl's error, and nothing is left in downloads.
        Path unreachable = freshCache();
        Run refused = fetch(unreachable, PIN);
        expectEquals(1, refused.exit(), "exit status with no server\n" + refused);
        List<String> tried = triedLines(refused);
        expectEquals(Source.values().length, tried.size(), "one Tried line per address\n" + refused);
        for (Source s : Source.values()) {
            String line = tried.get(s.ordinal());
            expect(line.startsWith("  " + mirror.url(s) + ": curl: (7) "),
                   s + " is reported as refused: " + line);
        }
        expectEquals(List.of(), names(unreachable.resolve("downloads")),
                     "downloads after every address refused");

        mirror = new Mirror(www);
        try {
            // 3. The mirror lacks the file: each later address is asked in
            // turn, with the security archives' pool/updates layout, until
            // the one that has it.
            for (Source only : List.of(Source.SECURITY, Source.SNAPSHOT, Source.SECURITY_SNAPSHOT)) {
                clearArchive();
                put(only, GOOD);
                cache = freshCache();
                target = cache.resolve("downloads").resolve(NAME);
                Run r = fetch(cache, PIN);
                expectFetched(r, target, only, false, "with the file only under " + only);
                expectEquals(Stream.of(Source.values()).limit(only.ordinal() + 1)
                                   .map(s -> s.path(POOL_DIR, NAME)).toList(),
                             mirror.take(), "requests, in order, up to " + only);
            }

            // 4. The mirror's bytes are not the pin and no one else has the
            // file: nothing is accepted, the bad copy is kept aside, and the
            // report names every address, its answer and the way out.
            clearArchive();
            put(Source.MIRROR, BAD);
            cache = freshCache();
            target = cache.resolve("downloads").resolve(NAME);
            Run r = fetch(cache, PIN);
            expectEquals(1, r.exit(), "exit status when only a mismatching file exists\n" + r);
            expectEquals("", r.out(), "stdout of a failed fetch");
            expectEquals(List.of(NAME + ".bad"), names(target.getParent()),
                         "downloads after a mismatch: the bad copy only");
            expectContent(BAD, Path.of(target + ".bad"), "the copy kept aside");
            List<String> expected = List.of(
                    "fetch: " + NAME + ": no source gave a file with the pinned sha256.",
                    "Tried:",
                    "  " + mirror.url(Source.MIRROR) + ": sha256 mismatch, got " + sha256(BAD)
                            + " (kept as " + target + ".bad)",
                    "  " + mirror.url(Source.SECURITY) + ": HTTP 404",
                    "  " + mirror.url(Source.SNAPSHOT) + ": HTTP 404",
                    "  " + mirror.url(Source.SECURITY_SNAPSHOT) + ": HTTP 404",
                    "To place it by hand: copy " + NAME + " to " + target,
                    "  (sha256 " + PIN + ")");
            expectEquals(expected, r.errLines().subList(0, Math.min(expected.size(), r.errLines().size())),
                         "the failure report on stderr");
            expectEquals(Stream.of(Source.values()).map(s -> s.path(POOL_DIR, NAME)).toList(),
                         mirror.take(), "requests of a failed fetch: every address once");

            // 5. A corrupt file in the cache is moved aside, a good copy fetched.
            clearArchive();
            put(Source.MIRROR, GOOD);
            cache = freshCache();
            target = cache.resolve("downloads").resolve(NAME);
            Files.createDirectories(target.getParent());
            Files.write(target, BAD);
            r = fetch(cache, PIN);
            expectFetched(r, target, Source.MIRROR, true, "with a corrupt cached file");
            expectEquals(List.of(Source.MIRROR.path(POOL_DIR, NAME)), mirror.take(),
                         "requests after a corrupt cached file");

            // 6. The mirror's bytes are wrong, the snapshot's right.
            clearArchive();
            put(Source.MIRROR, BAD);
            put(Source.SNAPSHOT, GOOD);
            cache = freshCache();
            target = cache.resolve("downloads").resolve(NAME);
            r = fetch(cache, PIN);
            expectFetched(r, target, Source.SNAPSHOT, true, "with a bad mirror and a good snapshot");
            expectEquals(List.of(Source.MIRROR.path(POOL_DIR, NAME), Source.SECURITY.path(POOL_DIR, NAME),
                                 Source.SNAPSHOT.path(POOL_DIR, NAME)),
                         mirror.take(), "requests up to the snapshot");

            // 7. fetch-jtreg.sh end to end on a stand-in jtreg8 package.
            clearArchive();
            fetchJtreg();
        } finally {
            mirror.close();
        }
    }

    static final List<String> JARS = List.of(
            "jtreg.jar", "javatest.jar", "asmtools.jar", "jcommander.jar", "testng.jar",
            "guice.jar", "junit-platform-console-standalone.jar", "slf4j-api.jar");

    static void fetchJtreg() throws Exception {
        String version = "9.9+1+ds1-1~test1";
        String deb = "jtreg8_" + version + "_all.deb";
        byte[] debBytes = buildJtregDeb(version, JARS);
        String debPin = sha256(debBytes);
        put(Source.MIRROR, "main/j/jtreg8", deb, debBytes);
        Path cache = freshCache();
        Path dest = cache.resolve("jtreg-" + version);
        Path home = dest.resolve("usr/share/jtreg");
        String debUrl = mirror.url(Source.MIRROR, "main/j/jtreg8", deb);

        Run r = fetchJtreg(cache, version, debPin);
        expectEquals(0, r.exit(), "fetch-jtreg.sh exit status\n" + r);
        expectEquals(List.of("fetch: " + deb + " from " + debUrl + " (sha256 ok)",
                             "jtreg: unpacked into " + home),
                     r.outLines(), "fetch-jtreg.sh stdout");
        for (String jar : JARS) {
            expectEquals("stand-in " + jar + "\n", Files.readString(home.resolve("lib").resolve(jar)),
                         "unpacked " + jar);
        }
        expectEquals(debPin + "\n", Files.readString(dest.resolve(".sha256")), "the recorded pin");
        expectContent(debBytes, cache.resolve("downloads").resolve(deb), "the cached .deb");
        expectEquals(List.of("/debian/pool/main/j/jtreg8/" + deb), mirror.take(),
                     "fetch-jtreg.sh requests: the pool only");

        r = fetchJtreg(cache, version, debPin);
        expectEquals(0, r.exit(), "second fetch-jtreg.sh exit status\n" + r);
        expectEquals(List.of("jtreg: " + version + " (cached)"), r.outLines(),
                     "second fetch-jtreg.sh says cached");
        expectEquals(List.of(), mirror.take(), "a cached jtreg asks no server");

        // Another pin: neither the cached .deb nor the mirror's matches it;
        // the unpacked jtreg stays as it was.
        String otherPin = sha256("another jtreg8".getBytes(StandardCharsets.UTF_8));
        Path debTarget = cache.resolve("downloads").resolve(deb);
        r = fetchJtreg(cache, version, otherPin);
        expectEquals(1, r.exit(), "fetch-jtreg.sh exit status with another pin\n" + r);
        List<String> tried = triedLines(r);
        expectEquals(List.of(
                        "  cache " + debTarget + ": sha256 mismatch (kept as " + debTarget + ".bad)",
                        "  " + debUrl + ": sha256 mismatch, got " + debPin + " (kept as " + debTarget + ".bad.2)",
                        "  " + mirror.url(Source.SECURITY, "main/j/jtreg8", deb) + ": HTTP 404",
                        "  " + mirror.url(Source.SNAPSHOT, "main/j/jtreg8", deb) + ": HTTP 404",
                        "  " + mirror.url(Source.SECURITY_SNAPSHOT, "main/j/jtreg8", deb) + ": HTTP 404"),
                     tried, "what fetch-jtreg.sh tried with another pin");
        expect(r.err().contains("(sha256 " + otherPin + ")"), "the report names the other pin");
        expectEquals(List.of(deb + ".bad", deb + ".bad.2"), names(debTarget.getParent()),
                     "downloads after another pin: each mismatching copy kept");
        expectEquals(debPin + "\n", Files.readString(dest.resolve(".sha256")),
                     "the unpacked jtreg keeps its pin after a failed fetch");
        expect(Files.isRegularFile(home.resolve("lib/jtreg.jar")),
               "the unpacked jtreg survives a failed fetch");
        mirror.take();

        // A package without one of the jars the JDK's tests need is refused.
        String lacking = "9.9+1+ds1-1~test2";
        String lackingDeb = "jtreg8_" + lacking + "_all.deb";
        byte[] lackingBytes = buildJtregDeb(lacking, JARS.subList(0, JARS.size() - 1));
        put(Source.MIRROR, "main/j/jtreg8", lackingDeb, lackingBytes);
        r = fetchJtreg(cache, lacking, sha256(lackingBytes));
        expectEquals(1, r.exit(), "fetch-jtreg.sh exit status for a jtreg8 lacking a jar\n" + r);
        expect(r.err().contains("jtreg: " + cache.resolve("jtreg-" + lacking + "/usr/share/jtreg/lib")
                                + " lacks one of:"),
               "fetch-jtreg.sh names the incomplete lib directory\n" + r);
        mirror.take();
    }

    /** A jtreg8 .deb holding usr/share/jtreg/lib/JAR for each of jars. */
    static byte[] buildJtregDeb(String version, List<String> jars) throws Exception {
        Path root = Files.createTempDirectory(work, "deb");
        Path pkg = Files.createDirectories(root.resolve("pkg"));
        Files.createDirectories(pkg.resolve("DEBIAN"));
        Files.writeString(pkg.resolve("DEBIAN/control"), """
                Package: jtreg8
                Version: %s
                Architecture: all
                Maintainer: GrandeJDK tests <tests@example.invalid>
                Description: stand-in for Debian's jtreg8
                """.formatted(version));
        Path lib = Files.createDirectories(pkg.resolve("usr/share/jtreg/lib"));
        for (String jar : jars) {
            Files.writeString(lib.resolve(jar), "stand-in " + jar + "\n");
        }
        Path deb = root.resolve("jtreg8.deb");
        Command.run(root, Map.of(), List.of("dpkg-deb", "--root-owner-group", "-Zgzip", "--build",
                                            pkg.toString(), deb.toString()))
               .require();
        return Files.readAllBytes(deb);
    }

    /** The environment of every run: loopback addresses only, apt skipped. */
    static Map<String, String> env(Path cache) {
        Map<String, String> env = new HashMap<>();
        env.put("GRANDE_CACHE", cache.toString());
        for (Source s : Source.values()) {
            env.put(s.variable, mirror.base + "/" + s.dir);
        }
        env.put("DEBIAN_SNAPSHOT_DATE", "");
        env.put("GRANDE_FETCH_APT", "0");
        env.put("no_proxy", "*");
        env.put("NO_PROXY", "*");
        return env;
    }

    static Run fetch(Path cache, String pin) throws Exception {
        // The apt arguments fetch-jtreg.sh passes: GRANDE_FETCH_APT=0 must skip them.
        return run(env(cache), "bash", scripts.resolve("fetch-pinned.sh").toString(),
                   NAME, POOL_DIR, pin, "download", "-qq", "xpkg=1.0+ds1-1~deb13u1");
    }

    static Run fetchJtreg(Path cache, String version, String pin) throws Exception {
        return run(env(cache), "bash", scripts.resolve("fetch-jtreg.sh").toString(), version, pin);
    }

    /**
     * Runs cmd in work with env added, stdout and stderr kept apart (in
     * files, so neither can block the other), for at most a minute.
     */
    static Run run(Map<String, String> env, String... cmd) throws Exception {
        Path out = Files.createTempFile(work, "out", ".txt");
        Path err = Files.createTempFile(work, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("timed out after 60 s: " + String.join(" ", cmd)
                                     + "\n--- stdout\n" + Files.readString(out)
                                     + "--- stderr\n" + Files.readString(err));
        }
        Run r = new Run(p.exitValue(), Files.readString(out), Files.readString(err));
        System.out.println("$ " + String.join(" ", cmd) + "\n" + r);
        return r;
    }

    /**
     * Checks a fetch that took the good file from the address of from: exit
     * status 0, the one stdout line naming that address, and in the cache's
     * downloads the file and, when a bad copy was met first (badAside), that
     * copy kept as NAME.bad.
     */
    static void expectFetched(Run r, Path target, Source from, boolean badAside, String situation)
            throws IOException {
        expectEquals(0, r.exit(), "exit status " + situation + "\n" + r);
        expectEquals(List.of("fetch: " + NAME + " from " + mirror.url(from) + " (sha256 ok)"),
                     r.outLines(), "stdout " + situation + " names " + from + "'s pool address");
        expectContent(GOOD, target, "the fetched file " + situation);
        if (badAside) {
            expectContent(BAD, Path.of(target + ".bad"), "the bad copy kept aside " + situation);
        }
        expectEquals(badAside ? List.of(NAME, NAME + ".bad") : List.of(NAME),
                     names(target.getParent()), "downloads " + situation);
    }

    /** The "  ADDRESS: ANSWER" lines between "Tried:" and the advice. */
    static List<String> triedLines(Run r) {
        List<String> lines = r.errLines();
        int from = lines.indexOf("Tried:");
        expect(from >= 0, "the failure report has a Tried: section\n" + r);
        List<String> tried = new ArrayList<>();
        for (String line : lines.subList(from + 1, lines.size())) {
            if (!line.startsWith("  ")) {
                break;
            }
            tried.add(line);
        }
        return tried;
    }

    /** A new, empty GRANDE_CACHE; its name has a space to test quoting. */
    static Path freshCache() throws IOException {
        return Files.createDirectories(work.resolve("cache " + (++caches)));
    }

    static void put(Source s, byte[] bytes) throws IOException {
        put(s, POOL_DIR, NAME, bytes);
    }

    static void put(Source s, String poolDir, String file, byte[] bytes) throws IOException {
        Path p = www.resolve(s.path(poolDir, file).substring(1));
        Files.createDirectories(p.getParent());
        Files.write(p, bytes);
    }

    /** Empties the fake archive. */
    static void clearArchive() throws IOException {
        try (Stream<Path> all = Files.walk(www)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                if (!p.equals(www)) {
                    Files.delete(p);
                }
            }
        }
    }

    static List<String> names(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    static void expectContent(byte[] expected, Path file, String what) throws IOException {
        expect(Files.isRegularFile(file), what + " exists: " + file);
        expect(Arrays.equals(expected, Files.readAllBytes(file)),
               what + " has the expected " + expected.length + " bytes");
    }

    static byte[] randomBytes(long seed, int n) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
