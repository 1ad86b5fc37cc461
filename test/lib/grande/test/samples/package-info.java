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

/**
 * Sample classes that several tests serialize, one class for each rule of
 * Java serialization they share (Externalizable data, a writeReplace to
 * another class and back, custom data only, reading less than was
 * written, a proxy's handler, a ring of shared references), so that a
 * test depends on what the sample does rather than on a copy of it. They
 * use java.base only, neither jtreg nor grande.test: the Makefile's
 * fuzz-fastserial target compiles them with the fuzz corpus alone, and
 * the corpus also runs on a stock JDK.
 */
package grande.test.samples;
