/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.payload;

import java.io.Serializable;

/**
 * A price quote as a record, the shape of what services pass each other
 * today ({@code records10}: an {@code ArrayList} of ten). Every serializer
 * benchmarked makes a record through its canonical constructor, as the
 * JDK's streams do.
 */
public record Quote(long id, String symbol, double bid, double ask, int size, boolean firm)
        implements Serializable {
}
