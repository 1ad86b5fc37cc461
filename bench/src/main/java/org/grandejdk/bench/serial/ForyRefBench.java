/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

/**
 * Apache Fory as in {@link ForyBench}, with reference tracking on
 * ({@code withRefTracking(true)}, the other settings as there): an object
 * met twice in a graph is written once and read back as one object, and
 * cycles survive, the semantics of the JDK streams and jdk.fastserial, which
 * always track references. The like-for-like comparison with them (no
 * payload needs it). Fory's defaults otherwise, so not quite everything is
 * tracked: values of fields and generic elements declared as String (its
 * {@code ignoreStringRef}, on by default) or as a box type are not; those
 * declared as Object are (Fory 1.6.0, checked by hand).
 * {@link ForyStringRefBench} tracks strings too.
 */
public class ForyRefBench extends ForyBench {

    @Override
    protected boolean refTracking() {
        return true;
    }
}
