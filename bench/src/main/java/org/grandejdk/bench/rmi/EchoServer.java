/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * The server JVM of {@link RawTcpBench}: on 127.0.0.1, sends back every
 * message of {@value #MESSAGE_BYTES} bytes it reads, with blocking socket
 * streams, a thread per connection. Prints {@code PORT n} when ready; exits
 * when its standard input ends.
 */
public final class EchoServer {

    static final int MESSAGE_BYTES = 8;

    private EchoServer() {
    }

    public static void main(String[] args) {
        ServerProcess.runServer(EchoServer::serve);
    }

    private static void serve() throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> accept(server), "echo-accept");
        acceptor.setDaemon(true);
        acceptor.start();
        System.out.println("PORT " + server.getLocalPort());
        System.out.flush();

        ServerProcess.awaitEndOfInput();
        server.close();
    }

    private static void accept(ServerSocket server) {
        try {
            while (true) {
                Socket socket = server.accept();
                Thread echo = new Thread(() -> echo(socket), "echo-" + socket.getPort());
                echo.setDaemon(true);
                echo.start();
            }
        } catch (IOException e) {
            // Closed at exit.
        }
    }

    private static void echo(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            DataInputStream in = new DataInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            byte[] message = new byte[MESSAGE_BYTES];
            while (true) {
                in.readFully(message);
                out.write(message);
            }
        } catch (EOFException e) {
            // The client closed the connection.
        } catch (IOException e) {
            System.err.println("echo: " + e);
        }
    }
}
