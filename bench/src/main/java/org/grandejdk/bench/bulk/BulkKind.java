/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.bulk;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * The kinds of data of {@link BulkBench}, by the name of its
 * {@code @Param kind}: how to make a value of a given number of data bytes,
 * which {@link BulkService} methods carry it, and the checks that a copy is
 * equal. The bytes are those of the elements (an int 4, a double 8), not
 * the serialized form, which adds headers: per array for {@code double2d}
 * and {@code list}, so those two show what a structure of many arrays
 * costs beside one flat array of the same bytes.
 *
 * <ul>
 * <li>{@code byte}, {@code int}, {@code double}: one array;
 * <li>{@code double2d}: a {@code double[][]} of rows of {@value #BLOCK}
 *     doubles (32 KiB), as many as the bytes fill, the last one shorter
 *     where they do not divide: below 32 KiB, one row of all of them;
 * <li>{@code list}: an {@code ArrayList<double[]>} of blocks cut the same
 *     way.
 * </ul>
 *
 * <p>The bytes must be a positive multiple of 8, so that every kind carries
 * exactly as many. Content is random with a seed per size, so a size always
 * gives the same value.
 */
enum BulkKind {

    BYTE("byte") {
        @Override
        Object create(int bytes, Random random) {
            byte[] a = new byte[bytes];
            random.nextBytes(a);
            return a;
        }

        @Override
        Object echo(BulkService service, Object value) throws RemoteException {
            return service.echo((byte[]) value);
        }

        @Override
        void take(BulkService service, Object value) throws RemoteException {
            service.take((byte[]) value);
        }
    },

    INT("int") {
        @Override
        Object create(int bytes, Random random) {
            int[] a = new int[bytes / Integer.BYTES];
            Arrays.setAll(a, i -> random.nextInt());
            return a;
        }

        @Override
        Object echo(BulkService service, Object value) throws RemoteException {
            return service.echo((int[]) value);
        }

        @Override
        void take(BulkService service, Object value) throws RemoteException {
            service.take((int[]) value);
        }
    },

    DOUBLE("double") {
        @Override
        Object create(int bytes, Random random) {
            return doubles(bytes / Double.BYTES, random);
        }

        @Override
        Object echo(BulkService service, Object value) throws RemoteException {
            return service.echo((double[]) value);
        }

        @Override
        void take(BulkService service, Object value) throws RemoteException {
            service.take((double[]) value);
        }
    },

    DOUBLE2D("double2d") {
        @Override
        Object create(int bytes, Random random) {
            return blocks(bytes, random).toArray(new double[0][]);
        }

        @Override
        Object echo(BulkService service, Object value) throws RemoteException {
            return service.echo((double[][]) value);
        }

        @Override
        void take(BulkService service, Object value) throws RemoteException {
            service.take((double[][]) value);
        }
    },

    LIST("list") {
        @Override
        Object create(int bytes, Random random) {
            return blocks(bytes, random);
        }

        @SuppressWarnings("unchecked")   // create made it
        @Override
        Object echo(BulkService service, Object value) throws RemoteException {
            return service.echo((List<double[]>) value);
        }

        @SuppressWarnings("unchecked")
        @Override
        void take(BulkService service, Object value) throws RemoteException {
            service.take((List<double[]>) value);
        }
    };

    /** The doubles of a row of double2d and of a block of list: 32 KiB. */
    static final int BLOCK = 4096;

    private final String param;

    BulkKind(String param) {
        this.param = param;
    }

    /** The kind of a {@code @Param kind} value. */
    static BulkKind of(String param) {
        for (BulkKind k : values()) {
            if (k.param.equals(param)) {
                return k;
            }
        }
        throw new IllegalArgumentException("no bulk kind " + param);
    }

    /** A new value of this kind with exactly bytes bytes of elements, the same for a size every time. */
    Object create(int bytes) {
        if (bytes <= 0 || bytes % Double.BYTES != 0) {
            throw new IllegalArgumentException("bytes " + bytes
                    + ": a positive multiple of 8, so that every kind carries as many");
        }
        return create(bytes, new Random(bytes));
    }

    abstract Object create(int bytes, Random random);

    /** The remote call that sends value and returns what the server sent back. */
    abstract Object echo(BulkService service, Object value) throws RemoteException;

    /** The remote call that sends value and returns nothing. */
    abstract void take(BulkService service, Object value) throws RemoteException;

    /** Whether copy is a new object of the same class as value, with equal content. */
    static boolean isEqualCopy(Object value, Object copy) {
        if (copy == value || copy == null || copy.getClass() != value.getClass()) {
            return false;
        }
        if (value instanceof List<?> list) {
            // List.equals would compare the blocks by identity.
            return Arrays.deepEquals(list.toArray(), ((List<?>) copy).toArray());
        }
        return Arrays.deepEquals(new Object[] {value}, new Object[] {copy});
    }

    /**
     * A hash of the content of a value of any kind (a list by its blocks'
     * content, not their identity), computed by the server for what take
     * got and by the benchmark for what it sent.
     */
    static int contentHash(Object value) {
        return switch (value) {
            case null -> 0;
            case byte[] a -> Arrays.hashCode(a);
            case int[] a -> Arrays.hashCode(a);
            case double[] a -> Arrays.hashCode(a);
            case double[][] a -> Arrays.deepHashCode(a);
            case List<?> list -> 31 * Arrays.deepHashCode(list.toArray()) + 1;
            default -> throw new IllegalArgumentException("not bulk data: " + value.getClass().getName());
        };
    }

    private static double[] doubles(int n, Random random) {
        double[] a = new double[n];
        Arrays.setAll(a, i -> random.nextDouble());
        return a;
    }

    /** The blocks of double2d and list: full ones of BLOCK doubles, then the rest. */
    private static ArrayList<double[]> blocks(int bytes, Random random) {
        int n = bytes / Double.BYTES;
        ArrayList<double[]> blocks = new ArrayList<>();
        for (int start = 0; start < n; start += BLOCK) {
            blocks.add(doubles(Math.min(BLOCK, n - start), random));
        }
        return blocks;
    }

    @Override
    public String toString() {
        return param;
    }
}
