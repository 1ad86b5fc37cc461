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

/*
 * @test
 * @summary The JVM-wide serial filter factory is fixed by the first
 *          ObjectInputStream, as on the stock JDK, though the image no longer
 *          writes the flag that fixes it on every stream: once a stream
 *          exists, setSerialFilterFactory throws IllegalStateException and
 *          leaves the built-in factory; a factory set before the first
 *          stream is asked once by each stream made after it, and cannot be
 *          replaced; a factory set while other threads make streams either
 *          is refused or is asked by every stream made after it was set.
 * @run main/othervm FilterFactoryOnceTest streamFirst
 * @run main/othervm FilterFactoryOnceTest setFirst
 * @run main/othervm FilterFactoryOnceTest racing
 * @run main/othervm -Xint FilterFactoryOnceTest streamFirst
 * @run main/othervm -Xcomp -XX:-TieredCompilation FilterFactoryOnceTest racing
 */

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BinaryOperator;

public class FilterFactoryOnceTest {

    private static final int STREAMS = 1_000;

    /** Counts the streams that asked it for their filter; gives the filter it is offered. */
    static final class CountingFactory implements BinaryOperator<ObjectInputFilter> {
        final AtomicLong asked = new AtomicLong();

        @Override
        public ObjectInputFilter apply(ObjectInputFilter current, ObjectInputFilter next) {
            asked.incrementAndGet();
            return next;
        }
    }

    public static void main(String[] args) throws Exception {
        byte[] bytes = serialized("a string");
        switch (args[0]) {
            case "streamFirst" -> streamFirst(bytes);
            case "setFirst" -> setFirst(bytes);
            case "racing" -> racing(bytes);
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void streamFirst(byte[] bytes) throws Exception {
        BinaryOperator<ObjectInputFilter> builtIn = ObjectInputFilter.Config.getSerialFilterFactory();
        for (int i = 0; i < STREAMS; i++) {
            expect("a string".equals(readOne(bytes)), "stream " + i + " read back what was written");
        }
        expectRefused(new CountingFactory(), "after " + STREAMS + " streams");
        expect(ObjectInputFilter.Config.getSerialFilterFactory() == builtIn,
                "a refused factory leaves the built-in one");
    }

    private static void setFirst(byte[] bytes) throws Exception {
        CountingFactory factory = new CountingFactory();
        ObjectInputFilter.Config.setSerialFilterFactory(factory);
        for (int i = 0; i < STREAMS; i++) {
            readOne(bytes);
        }
        expect(factory.asked.get() == STREAMS, "the factory was asked " + factory.asked.get()
                + " times by " + STREAMS + " streams");
        expectRefused(new CountingFactory(), "a second factory");
        expect(ObjectInputFilter.Config.getSerialFilterFactory() == factory,
                "a refused factory leaves the first one");
    }

    /**
     * Two threads make streams while this one sets a factory. Whichever
     * happens first, a stream made after a successful set must ask the new
     * factory: counted by the threads after they see the set completed.
     */
    private static void racing(byte[] bytes) throws Exception {
        CountingFactory factory = new CountingFactory();
        AtomicBoolean set = new AtomicBoolean();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger madeAfterSet = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(2);
        Thread[] makers = new Thread[2];
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < makers.length; t++) {
            makers[t] = new Thread(() -> {
                try {
                    started.countDown();
                    for (int i = 0; i < 200_000 && !stop.get(); i++) {
                        boolean after = set.get();
                        readOne(bytes);
                        if (after) {
                            madeAfterSet.incrementAndGet();
                        }
                    }
                } catch (Throwable e) {
                    synchronized (failure) {
                        failure[0] = e;
                    }
                }
            });
            makers[t].start();
        }
        started.await();
        boolean accepted;
        try {
            ObjectInputFilter.Config.setSerialFilterFactory(factory);
            accepted = true;
        } catch (IllegalStateException expected) {
            accepted = false;
        }
        set.set(true);
        // until a hundred streams were made after the set, or the makers ran
        // their bounded loops out (slow under -Xcomp)
        while (madeAfterSet.get() < 100 && (makers[0].isAlive() || makers[1].isAlive())) {
            Thread.sleep(1);
        }
        stop.set(true);
        for (Thread t : makers) {
            t.join();
        }
        if (failure[0] != null) {
            throw new AssertionError("a stream failed", failure[0]);
        }
        if (accepted) {
            expect(factory.asked.get() >= madeAfterSet.get(), "the factory was asked "
                    + factory.asked.get() + " times, by fewer than the " + madeAfterSet.get()
                    + " streams made after it was set");
        } else {
            expect(factory.asked.get() == 0, "a refused factory was asked " + factory.asked.get() + " times");
        }
        expect(madeAfterSet.get() > 0, "no stream was made after the set");
        expectRefused(new CountingFactory(), "after the race (accepted: " + accepted + ")");
        System.out.println("racing: first factory " + (accepted ? "accepted" : "refused")
                + ", " + madeAfterSet.get() + " streams after it");
    }

    private static void expectRefused(CountingFactory factory, String when) {
        try {
            ObjectInputFilter.Config.setSerialFilterFactory(factory);
        } catch (IllegalStateException expected) {
            return;
        }
        throw new AssertionError("setSerialFilterFactory " + when + " did not throw IllegalStateException");
    }

    private static byte[] serialized(Object obj) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(obj);
        }
        return bytes.toByteArray();
    }

    private static Object readOne(byte[] bytes) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return in.readObject();
        }
    }

    private static void expect(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }
}
