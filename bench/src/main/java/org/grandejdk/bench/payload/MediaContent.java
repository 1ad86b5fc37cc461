/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.payload;

import java.io.Serializable;
import java.util.List;

/**
 * A media-content object graph in the shape of the classic jvm-serializers
 * benchmark: a {@link Media} and a list of {@link Image}s, 6 objects of our
 * own classes plus 2 ArrayLists, 2 enums and 9 strings; see
 * {@link Payloads#mediaContent}.
 */
public class MediaContent implements Serializable {
    private static final long serialVersionUID = 1L;

    Media media;
    @SuppressWarnings("serial")   // an ArrayList
    List<Image> images;

    public MediaContent() {
    }
}
