/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.payload;

import java.io.Serializable;

/**
 * An object of strings: four short ones (16 characters) and a long one
 * (1000 characters). {@link Payloads} fills it with Latin-1 text
 * ({@code latin1}: strings the JDK stores one byte per character) or with
 * Greek and CJK text ({@code utf16}: two bytes per character).
 */
public class Strings implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The length of the short strings. */
    public static final int SHORT = 16;

    /** The length of the long string. */
    public static final int LONG = 1000;

    String a, b, c, d;
    String text;

    public Strings() {
    }
}
