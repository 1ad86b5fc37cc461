/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.payload;

import java.io.Serializable;
import java.util.List;

/**
 * The media of the media-content graph ({@link MediaContent}): strings,
 * ints and longs, a flag, a list of persons, an enum and a null string.
 */
public class Media implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The player a media is made for. */
    public enum Player { JAVA, FLASH }

    String uri;
    String title;
    int width;
    int height;
    String format;
    long duration;
    long size;
    int bitrate;
    boolean hasBitrate;
    @SuppressWarnings("serial")   // an ArrayList
    List<String> persons;
    Player player;
    String copyright;

    public Media() {
    }
}
