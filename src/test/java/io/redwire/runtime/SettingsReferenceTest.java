package io.redwire.runtime;

import io.redwire.api.NodeFamily;
import io.redwire.api.RuntimeSettings;
import io.redwire.api.Setting;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/settings.md is generated from the settings' declarations: this test writes it and fails when the committed
 * file was different, so the reference cannot go stale (commit the rewritten file).
 */
class SettingsReferenceTest {
    private static final Path REFERENCE = Path.of("docs/settings.md");

    static String reference() {
        StringBuilder md = new StringBuilder("""
                # Settings

                <!-- generated from the declarations by SettingsReferenceTest: change a declaration, not this file -->

                Redwire reads Node-RED's settings keys from a `settings.js` or a JSON settings file (`-s`);
                `-D key=value` sets any of them, a dotted key reaching into an object
                (`-D flowWatchdog.stallTimeout=5000`). At start a key declared nowhere below is warned about by name
                (`settings key 'x' is not used by Redwire: ignored`), and so is a value of the wrong type, naming
                the key and the default used instead. A plugin's node family declares its own keys
                ([nodes.md](nodes.md)), which then get no warning. README says what the limits among them do once
                passed ("Limits and faults", "MQTT, WebSocket, TCP and UDP").
                """);
        section(md, "The runtime", RuntimeSettings.ALL);
        for (NodeFamily f : ServiceLoader.load(NodeFamily.class)) {
            if (!f.settings().isEmpty()) {
                section(md, "Family `" + f.name() + "`", f.settings());
            }
        }
        return md.toString();
    }

    private static void section(StringBuilder md, String title, List<Setting<?>> settings) {
        md.append("\n## ").append(title).append("\n\n| key | type | default | what |\n|---|---|---|---|\n");
        for (Setting<?> s : settings) {
            Setting.Description d = s.description();
            md.append("| `").append(d.key()).append("` | ").append(cell(d.type())).append(" | ")
                    .append(cell(d.shownDefault())).append(" | ").append(cell(d.help())).append(" |\n");
        }
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    @Test
    void docsSettingsMdIsTheDeclarationsReference() throws Exception {
        String generated = reference();
        String committed = Files.exists(REFERENCE) ? Files.readString(REFERENCE) : "";
        if (!committed.equals(generated)) {
            Files.writeString(REFERENCE, generated);
        }
        assertEquals(generated, committed, REFERENCE + " was stale and has been rewritten: commit it");
    }
}
