package io.redwire.nodes.grpc;

import io.grpc.netty.shaded.io.netty.channel.Channel;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.IoHandlerFactory;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.ServerChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.nio.NioIoHandler;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioSocketChannel;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The I/O threads every grpc server and channel of the process shares: half the cores, at least one. All flow work
 * runs on the single flow loop, which gets the other half. On a small machine that is one I/O thread, so a call
 * from a local grpc-call to a local server stays on it instead of crossing grpc-java's separate client and server
 * pools (fewer thread hand-offs per call), and fewer threads compete with the flow loop for the cores.
 */
final class GrpcEventLoops {
    /**
     * A fixed HTTP/2 window. Setting one turns off grpc-java's window auto-tuning, which answers data frames with
     * BDP pings: for short request/response calls that is an extra ping and ack per call in each direction.
     */
    static final int FLOW_CONTROL_WINDOW = 1 << 20;

    private static final boolean EPOLL = Epoll.isAvailable();
    private static EventLoopGroup group;

    private GrpcEventLoops() {
    }

    static synchronized EventLoopGroup group() {
        if (group == null) {
            IoHandlerFactory io = EPOLL ? EpollIoHandler.newFactory(0, SpinThenBlock::new) : NioIoHandler.newFactory();
            int threads = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
            group = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("redwire-grpc", true), io);
        }
        return group;
    }

    static Class<? extends Channel> channelType() {
        return EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    static Class<? extends ServerChannel> serverChannelType() {
        return EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }
}
