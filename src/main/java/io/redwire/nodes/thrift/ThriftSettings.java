package io.redwire.nodes.thrift;

import io.redwire.api.Setting;
import io.redwire.nodes.thrift.codec.ThriftWire;

import java.util.List;

/** The thrift family's settings (docs/settings.md lists them). */
final class ThriftSettings {
    static final Setting<Integer> MAX_FRAME_SIZE = Setting.integer("thriftMaxFrameSize",
            ThriftWire.DEFAULT_MAX_MESSAGE_SIZE, "bytes")
            .help("a frame header declaring more closes the connection (libthrift's default)");
    static final Setting<Long> INPUT_MEMORY_LIMIT = Setting.bytes("thriftInputMemoryLimit", 64L * 1024 * 1024)
            .help("buffered Thrift input of all connections together; the connection that would pass it is closed");
    static final Setting<Long> READ_TIMEOUT = Setting.millis("thriftReadTimeout", 30_000)
            .help("a half-sent Thrift message closes its connection after this long");
    static final List<Setting<?>> ALL = List.of(MAX_FRAME_SIZE, INPUT_MEMORY_LIMIT, READ_TIMEOUT);

    private ThriftSettings() {
    }
}
