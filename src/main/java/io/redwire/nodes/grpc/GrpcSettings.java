package io.redwire.nodes.grpc;

import io.redwire.api.Setting;

import java.util.List;

/** The grpc family's settings (docs/settings.md lists them). */
final class GrpcSettings {
    static final Setting<Boolean> REFLECTION = Setting.flag("grpcReflection", true)
            .help("false turns server reflection off for every grpc-server (docs/grpc.md \"Server reflection\")");
    static final List<Setting<?>> ALL = List.of(REFLECTION);

    private GrpcSettings() {
    }
}
