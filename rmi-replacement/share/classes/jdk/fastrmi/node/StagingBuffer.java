/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The GrandeJDK contributors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied the OpenJDK source.
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

package jdk.fastrmi.node;

import java.io.OutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where a node's stream puts a copy until the copy is complete: a list of
 * blocks, so that a copy of any size (past 2 GiB too) is held without the
 * copying a growing array would do. Only a completely serialized copy leaves
 * it; a failed one is cut off with {@link #truncate}. Blocks are kept for the
 * next copies, up to {@link #RETAINED_BYTES}.
 */
final class StagingBuffer extends OutputStream {

    private static final int FIRST_BLOCK = 8 << 10;
    private static final int LARGEST_BLOCK = 1 << 20;
    private static final long RETAINED_BYTES = 1 << 20;

    /** Copies up to this size leave as one exact array; larger ones as their blocks. */
    private static final int SINGLE_ARRAY_LIMIT = 64 << 10;

    /** One block's used bytes. */
    record Chunk(byte[] bytes, int length) { }

    // blocks[0..index) are full, blocks[index] holds position bytes, later ones are spare
    private final ArrayList<byte[]> blocks = new ArrayList<>();
    private int index = -1;
    private int position;
    private long filledBefore;

    @Override
    public void write(int b) {
        if (index < 0 || position == blocks.get(index).length) {
            nextBlock();
        }
        blocks.get(index)[position++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, b.length);
        while (len > 0) {
            if (index < 0 || position == blocks.get(index).length) {
                nextBlock();
            }
            byte[] block = blocks.get(index);
            int n = Math.min(len, block.length - position);
            System.arraycopy(b, off, block, position, n);
            position += n;
            off += n;
            len -= n;
        }
    }

    private void nextBlock() {
        if (index >= 0) {
            filledBefore += blocks.get(index).length;
        }
        index++;
        position = 0;
        if (index == blocks.size()) {
            int size = index == 0 ? FIRST_BLOCK : Math.min(LARGEST_BLOCK, blocks.get(index - 1).length * 2);
            blocks.add(new byte[size]);
        }
    }

    /** The number of bytes held. */
    long size() {
        return filledBefore + position;
    }

    /** Drops the bytes after the first {@code newSize}. */
    void truncate(long newSize) {
        if (newSize < 0 || newSize > size()) {
            throw new IllegalArgumentException("size " + newSize + " of " + size());
        }
        while (index > 0 && newSize < filledBefore) {
            index--;
            filledBefore -= blocks.get(index).length;
        }
        position = (int) (newSize - filledBefore);
    }

    /** Writes the bytes held to {@code out}, one write per block. */
    void writeTo(OutputStream out) throws IOException {
        for (int i = 0; i <= index; i++) {
            byte[] block = blocks.get(i);
            out.write(block, 0, i < index ? block.length : position);
        }
    }

    /** Forgets the bytes held, keeping some blocks for the next copies. */
    void clear() {
        truncate(0);
        long kept = 0;
        int keep = 0;
        while (keep < blocks.size() && kept + blocks.get(keep).length <= RETAINED_BYTES) {
            kept += blocks.get(keep).length;
            keep++;
        }
        blocks.subList(keep, blocks.size()).clear();
        if (blocks.isEmpty()) {
            index = -1;
        }
    }

    /**
     * Hands over the bytes held and forgets them: a small copy as one array
     * of its size, a large one as its blocks (which leave this buffer).
     */
    List<Chunk> take() {
        long size = size();
        if (size == 0) {
            return List.of();
        }
        if (size <= SINGLE_ARRAY_LIMIT) {
            byte[] bytes = new byte[(int) size];
            int at = 0;
            for (int i = 0; i <= index; i++) {
                int n = i < index ? blocks.get(i).length : position;
                System.arraycopy(blocks.get(i), 0, bytes, at, n);
                at += n;
            }
            clear();
            return List.of(new Chunk(bytes, bytes.length));
        }
        List<Chunk> chunks = new ArrayList<>(index + 1);
        for (int i = 0; i <= index; i++) {
            byte[] block = blocks.get(i);
            chunks.add(new Chunk(block, i < index ? block.length : position));
        }
        blocks.subList(0, index + 1).clear();
        index = -1;
        position = 0;
        filledBefore = 0;
        clear();
        return chunks;
    }
}
