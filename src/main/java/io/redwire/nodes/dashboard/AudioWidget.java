package io.redwire.nodes.dashboard;

import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * ui-audio, as Dashboard 2.0's: in "src" mode an audio player in a group whose source is a string msg.payload (kept
 * and replayed) or the configured src; {@code msg.playback} "play" / "pause" / "stop" drives it; in "tts" mode (on
 * every page of the ui) msg.payload is spoken. {@code msg.ui_update} sets src and, "on" or "off" only, autoplay,
 * loop and muted. "Pass through" sends the msg in on.
 */
class AudioWidget extends WidgetNode {
    private static final Set<String> ON_OFF = Set.of("on", "off");
    static final Field AUDIO_GROUP = Field.config("group", "ui-group")
            .requiredWhen("a player (src mode) needs a group", "mode", "src");
    static final Field AUDIO_UI = Field.config("ui", "ui-base")
            .requiredWhen("speech (tts mode) needs a dashboard", "mode", "tts");
    static final Field MODE = Field.select("mode", "src", "src", "tts");
    static final Field VOICE = Field.str("voice", "");
    static final Field SRC = Field.str("src", "");
    static final Field AUTOPLAY = Field.select("autoplay", "off", "on", "off");
    static final Field LOOP = Field.select("loop", "off", "on", "off");
    static final Field MUTED = Field.select("muted", "off", "on", "off");

    static final NodeType TYPE = widgetType("ui-audio", 1, "fa-volume-up", "audio",
                    "Plays the audio at the URL in msg.payload on the dashboard, or speaks msg.payload (tts mode).")
            .label(NodeType.Label.firstOf("name").or("audio"))
            .fields(AUDIO_GROUP, AUDIO_UI, NAME, ORDER, WIDTH, HEIGHT, MODE, VOICE, SRC, AUTOPLAY, LOOP, MUTED,
                    Passthru.FIELD, CLASS_NAME)
            .factory(AudioWidget::new);

    private final boolean srcMode;

    AudioWidget(NodeConfig c) {
        super(c, List.of("src", "mode", "voice"));
        this.srcMode = !"tts".equals(c.str(MODE));
    }

    @Override
    protected void beforeSend(Map<String, Object> msg) {
        super.beforeSend(msg);
        if (srcMode && "play".equals(msg.get("playback"))) {
            Object src = kept() != null && kept().get("payload") instanceof String s ? s : config().str(SRC);
            if (!(src instanceof String s) || s.isBlank()) {
                warn("Cannot play audio when no source has been specified");
            }
        }
        if (msg.get("ui_update") instanceof Map<?, ?> u) {
            for (String p : List.of("autoplay", "loop", "muted")) {
                if (u.containsKey(p)) {
                    if (ON_OFF.contains(u.get(p))) {
                        state().put(p, u.get(p));
                    } else {
                        error("Property msg.ui_update." + p + " should be \"on\" or \"off\"", msg);
                    }
                }
            }
        }
    }

    @Override
    protected void input(Map<String, Object> msg) {
        if (srcMode && msg.get("payload") instanceof String) {
            keep(msg);
        }
        if (config().bool(Passthru.FIELD)) {
            send(msg);
        }
    }
}
