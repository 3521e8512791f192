package io.redwire.nodes.flowcontrol;

import io.redwire.api.Setting;
import io.redwire.js.Mustache;

import java.util.List;

/** The flow control family's settings (docs/settings.md lists them). */
final class FlowControlSettings {
    static final Setting<Long> TEMPLATE_MAX_OUTPUT = Setting.bytes("templateMaxOutput", Mustache.DEFAULT_MAX_OUTPUT)
            .help("characters one template node render may produce; past it the node's error (Redwire-only)");
    static final List<Setting<?>> ALL = List.of(TEMPLATE_MAX_OUTPUT);

    private FlowControlSettings() {
    }
}
