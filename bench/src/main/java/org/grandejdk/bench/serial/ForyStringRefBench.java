/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.serial;

import java.util.ArrayList;
import java.util.List;

/**
 * Apache Fory as in {@link ForyRefBench}, with strings tracked too
 * ({@code ignoreStringRef(false)}): a string met twice is written once and
 * read back as one object, as the JDK streams and jdk.fastserial always do.
 * {@link ForyRefBench} keeps Fory's default, which writes every string
 * declared as {@code String} in full and reads it back as a new object, so
 * on the string-heavy payloads (latin1, utf16, media, map50, records10) it
 * does less than the JDK streams' semantics ask. Boxed values declared as a
 * box type are still not tracked: Fory 1.6 has no setting for that.
 */
public class ForyStringRefBench extends ForyRefBench {

    @Override
    protected boolean stringRefTracking() {
        return true;
    }

    /**
     * Also checks that strings are tracked: a list holding one string
     * twice comes back holding one string twice, not two equal ones.
     */
    @Override
    protected void open() {
        super.open();
        String shared = new String("shared");
        List<Object> twice = new ArrayList<>(List.of(shared, shared));
        List<?> copy = (List<?>) fory().deserialize(fory().serialize(twice));
        if (copy.get(0) != copy.get(1)) {
            throw new IllegalStateException("Fory did not track a string met twice");
        }
    }
}
