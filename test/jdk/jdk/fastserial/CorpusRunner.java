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

import java.util.Arrays;

/**
 * Runs corpus samples through codecs and compares what the JDK's streams
 * did with what another pair of streams did: the same failure (phase and
 * exception class, and the class of its cause), or results that are deeply
 * equal, identity structure included.
 */
public final class CorpusRunner {

    private CorpusRunner() { }

    /** What a codec made of a sample: bytes and a result, or a failure in a phase. */
    public record Outcome(byte[] bytes, Object result, String phase, Throwable failure) {
        String describe() {
            return failure == null ? "success" : "failure on " + phase + ": " + failure;
        }
    }

    /** Writes and reads sample with codec. */
    public static Outcome run(Codec codec, Corpus.Sample sample) {
        byte[] bytes;
        try {
            bytes = codec.write(sample.writer());
        } catch (Throwable t) {
            return new Outcome(null, null, "write", t);
        }
        return read(codec, sample, bytes);
    }

    /** Reads bytes with codec and sample's reader. */
    public static Outcome read(Codec codec, Corpus.Sample sample, byte[] bytes) {
        try {
            return new Outcome(bytes, codec.read(bytes, sample.reader()), null, null);
        } catch (Throwable t) {
            return new Outcome(bytes, null, "read", t);
        }
    }

    /**
     * Checks that the JDK's outcome is what the sample expects, so that the
     * corpus itself is right about the JDK's semantics.
     */
    public static void checkReference(Corpus.Sample sample, Outcome jdk) {
        String what = sample.name() + " with the JDK's streams";
        Corpus.Failure expected = sample.failure();
        if (expected != null) {
            if (jdk.failure() == null || !expected.phase().equals(jdk.phase())
                    || jdk.failure().getClass() != expected.type()) {
                throw new AssertionError(what + ": expected " + expected + ", got " + jdk.describe(), jdk.failure());
            }
            return;
        }
        if (jdk.failure() != null) {
            throw new AssertionError(what + ": " + jdk.describe(), jdk.failure());
        }
        checkResult(sample, jdk.result(), what);
    }

    /** Checks other's outcome against the JDK's. */
    public static void checkSame(Corpus.Sample sample, Outcome jdk, Outcome other, String label) {
        String what = sample.name() + " with " + label;
        if (jdk.failure() != null) {
            if (other.failure() == null) {
                throw new AssertionError(what + ": expected " + jdk.describe() + " as with the JDK's streams, got "
                                         + other.describe());
            }
            if (!jdk.phase().equals(other.phase()) || jdk.failure().getClass() != other.failure().getClass()
                    || causeClass(jdk.failure()) != causeClass(other.failure())) {
                throw new AssertionError(what + ": expected " + jdk.describe() + " (cause " + causeClass(jdk.failure())
                                         + ") as with the JDK's streams, got " + other.describe() + " (cause "
                                         + causeClass(other.failure()) + ")", other.failure());
            }
            return;
        }
        if (other.failure() != null) {
            throw new AssertionError(what + ": " + other.describe(), other.failure());
        }
        DeepEquals.check(jdk.result(), other.result(), what + ", against the JDK's result");
        checkResult(sample, other.result(), what);
    }

    /** Whether other's outcome is the JDK's, as checkSame checks it (without the sample's checks). */
    public static boolean agree(Outcome jdk, Outcome other) {
        if (jdk.failure() != null || other.failure() != null) {
            return jdk.failure() != null && other.failure() != null && jdk.phase().equals(other.phase())
                   && jdk.failure().getClass() == other.failure().getClass()
                   && causeClass(jdk.failure()) == causeClass(other.failure());
        }
        return DeepEquals.difference(jdk.result(), other.result()) == null;
    }

    private static Class<?> causeClass(Throwable t) {
        return t.getCause() == null ? null : t.getCause().getClass();
    }

    private static void checkResult(Corpus.Sample sample, Object result, String what) {
        Object original = sample.original();
        if (original != null) {
            boolean equal = original.getClass().isArray()
                    ? Arrays.deepEquals(new Object[] { original }, new Object[] { result })
                    : original.equals(result);
            if (!equal) {
                throw new AssertionError(what + ": the result does not equal the original: " + result);
            }
        }
        if (sample.check() != null) {
            try {
                sample.check().accept(result);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError(what + ": " + e.getMessage(), e);
            }
        }
    }
}
