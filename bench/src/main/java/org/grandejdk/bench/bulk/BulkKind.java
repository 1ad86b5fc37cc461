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

    // One row a kind: how to make a value, and the BulkService overloads that carry it.
    BYTE("byte", BulkKind::bytes, (s, v) -> s.echo((byte[]) v), (s, v) -> s.take((byte[]) v)),
    INT("int", BulkKind::ints, (s, v) -> s.echo((int[]) v), (s, v) -> s.take((int[]) v)),
    DOUBLE("double", BulkKind::doubles,
           (s, v) -> s.echo((double[]) v), (s, v) -> s.take((double[]) v)),
    DOUBLE2D("double2d", BulkKind::rows,
             (s, v) -> s.echo((double[][]) v), (s, v) -> s.take((double[][]) v)),
    LIST("list", BulkKind::blocks, (s, v) -> s.echo(blocksOf(v)), (s, v) -> s.take(blocksOf(v)));

    /** Makes a value of bytes bytes of elements from random. */
    @FunctionalInterface
    private interface Factory {
        Object create(int bytes, Random random);
    }

    /** A remote call with value that returns what the server sent back. */
    @FunctionalInterface
    private interface Echo {
        Object call(BulkService service, Object value) throws RemoteException;
    }

    /** A remote call with value that returns nothing. */
    @FunctionalInterface
    private interface Take {
        void call(BulkService service, Object value) throws RemoteException;
    }

    /** The doubles of a row of double2d and of a block of list: 32 KiB. */
    static final int BLOCK = 4096;

    private final String param;
    private final Factory factory;
    private final Echo echo;
    private final Take take;

    BulkKind(String param, Factory factory, Echo echo, Take take) {
        this.param = param;
        this.factory = factory;
        this.echo = echo;
        this.take = take;
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
        return create(bytes, bytes);
    }

    /** A new value of this kind with exactly bytes bytes of elements, random from seed. */
    Object create(int bytes, long seed) {
        if (bytes <= 0 || bytes % Double.BYTES != 0) {
            throw new IllegalArgumentException("bytes " + bytes
                    + ": a positive multiple of 8, so that every kind carries as many");
        }
        return factory.create(bytes, new Random(seed));
    }

    /** The remote call that sends value and returns what the server sent back. */
    Object echo(BulkService service, Object value) throws RemoteException {
        return echo.call(service, value);
    }

    /** The remote call that sends value and returns nothing. */
    void take(BulkService service, Object value) throws RemoteException {
        take.call(service, value);
    }

    /**
     * A new value equal to value (of any kind) that shares no array with
     * it, made by clone, which fills a new array without zeroing it first:
     * what deserializing value makes, at the least cost.
     */
    static Object copy(Object value) {
        return switch (value) {
            case byte[] a -> a.clone();
            case int[] a -> a.clone();
            case double[] a -> a.clone();
            case double[][] rows -> {
                double[][] copy = rows.clone();
                for (int i = 0; i < copy.length; i++) {
                    copy[i] = copy[i].clone();
                }
                yield copy;
            }
            case List<?> list -> {
                ArrayList<double[]> copy = new ArrayList<>(list.size());
                for (double[] block : blocksOf(list)) {
                    copy.add(block.clone());
                }
                yield copy;
            }
            default -> throw new IllegalArgumentException("not bulk data: " + value.getClass().getName());
        };
    }

    /**
     * Copies the elements of value into into, a value of this kind of the
     * same shape (a copy of value), reusing into's arrays.
     */
    static void copyInto(Object value, Object into) {
        switch (value) {
            case byte[] a -> System.arraycopy(a, 0, into, 0, a.length);
            case int[] a -> System.arraycopy(a, 0, into, 0, a.length);
            case double[] a -> System.arraycopy(a, 0, into, 0, a.length);
            case double[][] rows -> {
                double[][] to = (double[][]) into;
                for (int i = 0; i < rows.length; i++) {
                    System.arraycopy(rows[i], 0, to[i], 0, rows[i].length);
                }
            }
            case List<?> list -> {
                List<double[]> from = blocksOf(list);
                List<double[]> to = blocksOf(into);
                for (int i = 0; i < from.size(); i++) {
                    System.arraycopy(from.get(i), 0, to.get(i), 0, from.get(i).length);
                }
            }
            default -> throw new IllegalArgumentException("not bulk data: " + value.getClass().getName());
        }
    }

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

    private static byte[] bytes(int bytes, Random random) {
        byte[] a = new byte[bytes];
        random.nextBytes(a);
        return a;
    }

    private static int[] ints(int bytes, Random random) {
        int[] a = new int[bytes / Integer.BYTES];
        Arrays.setAll(a, i -> random.nextInt());
        return a;
    }

    private static double[] doubles(int bytes, Random random) {
        double[] a = new double[bytes / Double.BYTES];
        Arrays.setAll(a, i -> random.nextDouble());
        return a;
    }

    /** The rows of double2d: the blocks of list in an array. */
    private static double[][] rows(int bytes, Random random) {
        return blocks(bytes, random).toArray(new double[0][]);
    }

    /** The blocks of double2d and list: full ones of BLOCK doubles, then the rest. */
    private static ArrayList<double[]> blocks(int bytes, Random random) {
        int n = bytes / Double.BYTES;
        ArrayList<double[]> blocks = new ArrayList<>();
        for (int start = 0; start < n; start += BLOCK) {
            blocks.add(doubles(Math.min(BLOCK, n - start) * Double.BYTES, random));
        }
        return blocks;
    }

    @SuppressWarnings("unchecked")   // a value of list: blocks made it
    private static List<double[]> blocksOf(Object value) {
        return (List<double[]>) value;
    }

    @Override
    public String toString() {
        return param;
    }
}
