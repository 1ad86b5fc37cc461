/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.payload;

import java.io.Serializable;

/**
 * An image of the media-content graph ({@link MediaContent}): the shape of
 * the classic jvm-serializers benchmark object. {@link Media} starts with
 * the same four fields; they are not in a common superclass, which would add
 * a class to what every serializer writes and reads.
 */
public class Image implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The size class of an image. */
    public enum Size { SMALL, LARGE }

    String uri;
    String title;
    int width;
    int height;
    Size size;

    public Image() {
    }

    Image(String uri, String title, int width, int height, Size size) {
        this.uri = uri;
        this.title = title;
        this.width = width;
        this.height = height;
        this.size = size;
    }
}
