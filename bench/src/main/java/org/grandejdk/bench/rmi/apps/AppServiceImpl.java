/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import org.grandejdk.bench.rmi.ServedObject;

/**
 * The base of every application kernel's remote object: its answer to
 * {@link AppService#configuration()} is every server's
 * ({@link ServedObject}); it names AppService among the remote interfaces
 * of its stubs.
 */
abstract class AppServiceImpl extends ServedObject implements AppService {
}
