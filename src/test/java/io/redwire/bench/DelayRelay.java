package io.redwire.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP relay that holds every chunk it reads for a fixed time before writing it on, in both directions: an
 * approximation of {@code tc netem delay} for kernels without {@code sch_netem} (bench-grpc-vs-rest.sh --netns).
 * It delays application data only, not the TCP handshake or ACKs, and adds one copy and two thread hand-offs per
 * chunk, so its figures are close to, not the same as, a netem link's.
 * <pre>java io.redwire.bench.DelayRelay DELAY_MICROS LISTEN_HOST LISTEN_PORT:TARGET_HOST:TARGET_PORT ...</pre>
 */
public final class DelayRelay {
    private static final int CHUNK = 64 * 1024;

    private final long delayNanos;
    private final InetSocketAddress target;

    DelayRelay(long delayMicros, InetSocketAddress target) {
        this.delayNanos = TimeUnit.MICROSECONDS.toNanos(delayMicros);
        this.target = target;
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: DelayRelay DELAY_MICROS LISTEN_HOST LISTEN_PORT:TARGET_HOST:TARGET_PORT ...");
            System.exit(2);
        }
        long delayMicros = Long.parseLong(args[0]);
        InetAddress listenHost = InetAddress.getByName(args[1]);
        for (String route : Arrays.copyOfRange(args, 2, args.length)) {
            String[] p = route.split(":");
            ServerSocket server = new ServerSocket(Integer.parseInt(p[0]), 128, listenHost);
            new DelayRelay(delayMicros, new InetSocketAddress(p[1], Integer.parseInt(p[2]))).serve(server);
            System.err.println("delay relay: " + listenHost.getHostAddress() + ":" + p[0] + " -> " + p[1] + ":" + p[2]
                    + ", " + delayMicros + " µs each way");
        }
        try {
            Thread.currentThread().join(); // relays until killed
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Accepts connections on {@code server} (a daemon thread) and relays each to the target. */
    Thread serve(ServerSocket server) {
        return daemon("relay-accept", () -> {
            while (!server.isClosed()) {
                try {
                    Socket in = server.accept();
                    Socket out = new Socket();
                    out.connect(target);
                    in.setTcpNoDelay(true);
                    out.setTcpNoDelay(true);
                    AtomicInteger open = new AtomicInteger(2); // directions still flowing
                    pipe(in, out, open);
                    pipe(out, in, open);
                } catch (IOException e) {
                    if (!server.isClosed()) {
                        System.err.println("delay relay: " + e);
                    }
                }
            }
        });
    }

    /**
     * One direction: a reader that stamps each chunk with its due time, a writer that sends it when due. The end
     * of the stream is passed on as a half close; both sockets close when both directions have ended.
     */
    private void pipe(Socket from, Socket to, AtomicInteger open) {
        DelayQueue<Chunk> queue = new DelayQueue<>();
        daemon("relay-read", () -> {
            try {
                InputStream is = from.getInputStream();
                byte[] buf = new byte[CHUNK];
                int n;
                while ((n = is.read(buf)) >= 0) {
                    queue.put(new Chunk(System.nanoTime() + delayNanos, Arrays.copyOf(buf, n)));
                }
            } catch (IOException ignored) {
                // the connection ended; the writer passes the end on
            }
            queue.put(new Chunk(System.nanoTime() + delayNanos, null));
        });
        daemon("relay-write", () -> {
            try {
                OutputStream os = to.getOutputStream();
                for (Chunk c = queue.take(); c.bytes() != null; c = queue.take()) {
                    os.write(c.bytes());
                }
                to.shutdownOutput();
                if (open.decrementAndGet() > 0) {
                    return;
                }
            } catch (IOException | InterruptedException e) {
                // a reset or a closed socket: end both directions
            }
            close(from);
            close(to);
        });
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private static Thread daemon(String name, Runnable run) {
        Thread t = new Thread(run, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** A chunk and the System.nanoTime at which it may be written; chunks of one direction leave in order. */
    private record Chunk(long due, byte[] bytes) implements Delayed {
        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(due - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed o) {
            return Long.compare(due, ((Chunk) o).due);
        }
    }
}
