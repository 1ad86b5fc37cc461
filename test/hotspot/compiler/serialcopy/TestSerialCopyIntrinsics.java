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
 * @summary C2 compiles SerialCopy.copyFieldBytes (reached from
 *          ClassInfo.toByteArray) and SerialCopy.copySwapped (reached from
 *          ObjectOutputStream.writeObject(double[])) as intrinsics, and
 *          -XX:DisableIntrinsic turns each off
 * @library /lib
 * @run main/othervm TestSerialCopyIntrinsics
 */

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.ClassInfo;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

import grande.test.Command;
import static grande.test.Checks.expect;

public class TestSerialCopyIntrinsics {

    static final String FIELD_BYTES = "jdk.internal.misc.SerialCopy::copyFieldBytes";
    static final String SWAPPED = "jdk.internal.misc.SerialCopy::copySwapped";

    public static void main(String[] args) throws Exception {
        String out = runHot();
        expect(intrinsified(out, FIELD_BYTES),
               "PrintIntrinsics shows " + FIELD_BYTES + " as (intrinsic)\n" + out);
        expect(intrinsified(out, SWAPPED),
               "PrintIntrinsics shows " + SWAPPED + " as (intrinsic)\n" + out);

        out = runHot("-XX:DisableIntrinsic=_serialCopyFieldBytes");
        expect(!intrinsified(out, FIELD_BYTES),
               "with _serialCopyFieldBytes disabled, copyFieldBytes is not an intrinsic\n" + out);
        expect(notInlined(out, FIELD_BYTES),
               "with _serialCopyFieldBytes disabled, C2 calls the native copyFieldBytes\n" + out);
        expect(intrinsified(out, SWAPPED),
               "with _serialCopyFieldBytes disabled, copySwapped still is\n" + out);

        out = runHot("-XX:DisableIntrinsic=_serialCopySwapped");
        expect(intrinsified(out, FIELD_BYTES),
               "with _serialCopySwapped disabled, copyFieldBytes still is an intrinsic\n" + out);
        expect(!intrinsified(out, SWAPPED),
               "with _serialCopySwapped disabled, copySwapped is not\n" + out);
        expect(notInlined(out, SWAPPED),
               "with _serialCopySwapped disabled, C2 calls the native copySwapped\n" + out);
    }

    /** The call site compiled as a call of the native method. */
    static boolean notInlined(String out, String method) {
        Pattern native_ = Pattern.compile(Pattern.quote(method) + ".*failed to inline: native method");
        return out.lines().anyMatch(l -> native_.matcher(l).find());
    }

    /**
     * A PrintIntrinsics line of C2 naming the method as an intrinsic, as in
     * "@ 44   jdk.internal.misc.SerialCopy::copyFieldBytes (0 bytes)   (intrinsic)".
     */
    static boolean intrinsified(String out, String method) {
        Pattern ok = Pattern.compile(Pattern.quote(method) + ".*\\(intrinsic\\)");
        return out.lines().anyMatch(l -> ok.matcher(l).find() && !l.contains("failed"));
    }

    /** Runs Hot in a child VM: C2 only, compiled in the foreground. */
    static String runHot(String... extra) throws Exception {
        List<String> cmd = Command.testJava();
        cmd.addAll(List.of("-XX:-TieredCompilation", "-Xbatch",
                           "-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintIntrinsics"));
        cmd.addAll(Arrays.asList(extra));
        cmd.addAll(List.of("-cp", System.getProperty("test.class.path"), Hot.class.getName()));
        System.out.println("running: " + String.join(" ", cmd));
        String out = Command.run(cmd.toArray(new String[0])).require();
        expect(out.contains("Hot done"), "the child ran to the end");
        return out;
    }

    /** The child: the two public paths to the copies, hot. */
    public static class Hot {
        static class Point {
            long x; long y; int z;
        }

        static final ClassInfo INFO = Point.class.getClassInfo(Point.class.getDeclaredFields());

        public static void main(String[] args) throws Exception {
            Point p = new Point();
            byte[] buf = new byte[INFO.size()];
            double[] ds = new double[64];
            long sum = 0;
            for (int i = 0; i < 40_000; i++) {
                p.x = i;
                p.z = i;
                sum += INFO.toByteArray(p, 0, buf, 0) + buf[0];
                if (i % 2 == 0) {
                    ds[i & 63] = i;
                    ByteArrayOutputStream bos = new ByteArrayOutputStream();
                    try (ObjectOutputStream oos = new ObjectOutputStream(bos)) {
                        oos.writeObject(ds);
                    }
                    sum += bos.size();
                }
            }
            System.out.println("Hot done " + sum);
        }
    }
}
