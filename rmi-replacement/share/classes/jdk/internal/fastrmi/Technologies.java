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

package jdk.internal.fastrmi;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.regex.Pattern;

import jdk.fastrmi.spi.Bootstrap;
import jdk.fastrmi.spi.DistributedGC;
import jdk.fastrmi.spi.Endpoint;
import jdk.fastrmi.spi.Technology;
import jdk.fastrmi.spi.TechnologyProvider;

/**
 * The technologies of a runtime: the {@link TechnologyProvider}s the
 * service loader finds in the system class loader (the image's, the module
 * path's and the class path's), the order {@code jdk.fastrmi.technologies}
 * or their preferences give, and the technologies made from them, those in
 * use and those made only as another's bootstrap. No technology is known
 * here by name.
 */
final class Technologies {

    private static final System.Logger LOG = System.getLogger("jdk.fastrmi");
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    /* Errors in a row after which the service loader's iterator is not asked again. */
    private static final int MAX_LOAD_ERRORS = 32;

    private final Settings settings;
    private final Map<String, Found> providers;
    /* Technology or the Exception why there is none, per id, in the order made */
    private final Map<String, Object> made = new LinkedHashMap<>();
    private final Set<String> making = new HashSet<>();
    private final List<Technology> used;

    /* A provider and what it declared, asked once. */
    private record Found(TechnologyProvider provider, String id, int preference, List<String> bootstrapsOver) { }

    private Technologies(Settings settings, Map<String, Found> providers) {
        this.settings = settings;
        this.providers = providers;
        this.used = List.copyOf(choose());
    }

    /**
     * Finds the providers and makes the technologies.
     *
     * @param settings the runtime's settings
     * @return the technologies
     * @throws IllegalArgumentException if {@code jdk.fastrmi.technologies}
     *         names a technology nobody provides or a setting is bad
     * @throws IllegalStateException if no technology can run here
     */
    static Technologies load(Settings settings) {
        return new Technologies(settings, providers());
    }

    /*
     * The providers by id, in the service loader's order: the image's
     * before the module path's and the class path's. A second provider of
     * an id is ignored.
     */
    private static Map<String, Found> providers() {
        Map<String, Found> found = new LinkedHashMap<>();
        Iterator<TechnologyProvider> it = ServiceLoader.load(TechnologyProvider.class,
                                                             ClassLoader.getSystemClassLoader()).iterator();
        int errors = 0;
        while (errors < MAX_LOAD_ERRORS) {
            TechnologyProvider p;
            try {
                if (!it.hasNext()) {
                    break;
                }
                p = it.next();
                errors = 0;
            } catch (ServiceConfigurationError e) {
                errors++;
                LOG.log(Level.WARNING, "jdk.fastrmi: a technology provider cannot be loaded", e);
                continue;
            }
            Found f;
            try {
                f = new Found(p, p.id(), p.preference(), List.copyOf(p.bootstrapsOver()));
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "jdk.fastrmi: technology provider " + p.getClass().getName() + " ignored", e);
                continue;
            }
            String id = f.id();
            if (id == null || !ID.matcher(id).matches()) {
                LOG.log(Level.WARNING, () -> "jdk.fastrmi: technology provider " + p.getClass().getName()
                                             + " ignored: bad id " + id);
            } else if (found.putIfAbsent(id, f) != null) {
                LOG.log(Level.WARNING, () -> "jdk.fastrmi: technology provider " + p.getClass().getName()
                                             + " ignored: " + found.get(id).provider().getClass().getName()
                                             + " provides " + id + " already");
            }
        }
        return found;
    }

    /* Every provider's id by preference, then id. */
    private List<String> defaultOrder() {
        return providers.values().stream()
                        .sorted(Comparator.comparingInt(Found::preference).thenComparing(Found::id))
                        .map(Found::id)
                        .toList();
    }

    private List<Technology> choose() {
        boolean explicit = settings.technologies() != null;
        List<String> order = explicit ? settings.technologies() : defaultOrder();
        for (String id : order) {
            if (!providers.containsKey(id)) {
                throw new IllegalArgumentException(Settings.TECHNOLOGIES + ": unknown technology " + id
                                                   + " (known: " + String.join(", ", defaultOrder()) + ")");
            }
        }
        List<Technology> techs = new ArrayList<>();
        for (String id : order) {
            Technology t = tryMake(id, explicit ? Level.WARNING : Level.DEBUG);
            if (t != null && !techs.contains(t)) {
                techs.add(t);
            }
        }
        if (techs.isEmpty()) {
            // those asked for cannot run here: the first of the others that can
            for (String id : defaultOrder()) {
                Technology t = tryMake(id, Level.DEBUG);
                if (t != null) {
                    LOG.log(Level.WARNING, () -> "jdk.fastrmi: none of " + String.join(",", order)
                                                 + " can run here; using " + id);
                    techs.add(t);
                    break;
                }
            }
        }
        if (techs.isEmpty()) {
            throw new IllegalStateException("jdk.fastrmi: no technology can run here");
        }
        return techs;
    }

    /* The technology, or null (the reason logged at level) if it cannot run here. */
    private Technology tryMake(String id, Level level) {
        try {
            return make(id);
        } catch (IOException e) {
            LOG.log(level, () -> "jdk.fastrmi: " + id + " technology off: " + e.getMessage());
            return null;
        }
    }

    /*
     * Makes a technology once, after the technologies it bootstraps over.
     * A bad setting (IllegalArgumentException) is thrown as it is; every
     * other failure is why the technology cannot run here.
     */
    private Technology make(String id) throws IOException {
        Object m = made.get(id);
        if (m instanceof Technology t) {
            return t;
        }
        if (m instanceof Exception e) {
            throw new IOException(e.getMessage(), e);
        }
        Found p = providers.get(id);
        if (p == null) {
            throw new IOException("no provider of technology " + id);
        }
        if (!making.add(id)) {
            throw new IOException("technologies bootstrap over each other: " + making);
        }
        try {
            Map<String, Bootstrap> bootstraps = new LinkedHashMap<>();
            for (String b : p.bootstrapsOver()) {
                Technology bt;
                try {
                    bt = make(b);
                } catch (IOException e) {
                    throw new IOException("its bootstrap " + b + " is off: " + e.getMessage(), e);
                }
                if (!(bt instanceof Bootstrap boot)) {
                    throw new IOException("technology " + b + " is no bootstrap");
                }
                bootstraps.put(b, boot);
            }
            Technology t = p.provider().create(new Context(id, bootstraps));
            if (t == null || !id.equals(t.id())) {
                throw new IOException(p.provider().getClass().getName() + " made "
                                      + (t == null ? "null" : "a technology with id " + t.id()));
            }
            made.put(id, t);
            return t;
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (IOException | RuntimeException | LinkageError e) {
            IOException why = e instanceof IOException io ? io : new IOException(e.toString(), e);
            made.put(id, why);
            throw why;
        } finally {
            making.remove(id);
        }
    }

    /** @return the technologies in use, in order of preference */
    List<Technology> used() {
        return used;
    }

    /**
     * The technology of an endpoint's id, in use or made only as a
     * bootstrap.
     *
     * @param endpoint an endpoint
     * @return the technology, or null if this runtime has none of that id
     */
    Technology of(Endpoint endpoint) {
        return made.get(endpoint.technology()) instanceof Technology t ? t : null;
    }

    /**
     * The endpoint of the objects exported on a port of a host, from the
     * first technology whose addresses are a host and a port: those in use
     * in order of preference, then those made only as a bootstrap.
     *
     * @param host the host
     * @param port the port
     * @return the endpoint, or null if no technology of this runtime has one
     */
    Endpoint endpoint(String host, int port) {
        for (Technology t : used) {
            Endpoint e = t.endpoint(host, port);
            if (e != null) {
                return e;
            }
        }
        for (Object m : made.values()) {
            if (m instanceof Technology t && !used.contains(t)) {
                Endpoint e = t.endpoint(host, port);
                if (e != null) {
                    return e;
                }
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return used.toString();
    }

    /** What a provider's technology is given. */
    private final class Context implements TechnologyProvider.Context {

        private final String id;
        private final Map<String, Bootstrap> bootstraps;

        Context(String id, Map<String, Bootstrap> bootstraps) {
            this.id = id;
            this.bootstraps = bootstraps;
        }

        @Override
        public int maxFrameBytes() {
            return settings.maxFrameBytes();
        }

        private String name(String name) {
            return "jdk.fastrmi." + id + "." + name;
        }

        @Override
        public String property(String name) {
            String v = System.getProperty(name(name));
            return v == null ? null : v.trim();
        }

        @Override
        public long longProperty(String name, long defaultValue, long min, long max) {
            return Settings.number(name(name), defaultValue, min, max);
        }

        @Override
        public DistributedGC.Kind gcKind(DistributedGC.Kind defaultKind) {
            return Settings.gcKind(name("dgc"), defaultKind);
        }

        @Override
        public Bootstrap bootstrap(String bootstrapId) throws IOException {
            Bootstrap b = bootstraps.get(bootstrapId);
            if (b == null) {
                throw new IllegalArgumentException("technology " + id + " does not bootstrap over " + bootstrapId);
            }
            return b;
        }
    }
}
