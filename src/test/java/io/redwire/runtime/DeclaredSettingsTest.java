package io.redwire.runtime;

import io.redwire.api.Settings;
import io.redwire.testing.Harness;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The warnings a server gives about its settings come from the declarations: a key no family and not the runtime
 * declares is named, every family's own keys are known, and a value of the wrong type is named with the default
 * used instead.
 */
class DeclaredSettingsTest {
    /** The problems of these -D settings once a server (every family on the class path) has been built on them. */
    private static List<String> problems(String... defines) throws Exception {
        Settings settings = Settings.defaults();
        for (String d : defines) {
            settings.define(d);
        }
        try (Harness h = new Harness(settings)) {
            return h.server().engine().settings().problems();
        }
    }

    @Test
    void aKeyNothingDeclaresIsNamedOnce() throws Exception {
        assertEquals(List.of("settings key 'editorTheme' is not used by Redwire: ignored"),
                problems("editorTheme={\"page\":{}}"));
    }

    @Test
    void everyFamilysOwnKeysAndNestedRuntimeKeysAreKnown() throws Exception {
        assertEquals(List.of(), problems("httpReadTimeout=1000", "mqttReconnectTime=100", "grpcReflection=false",
                "tcpMaxConnections=5", "csvMaxFieldsPerLine=10", "thriftReadTimeout=100", "functionMaxTimers=5",
                "templateMaxOutput=\"1mb\"", "webSocketNodeMaxConnections=3", "flowWatchdog.stallTimeout=5000",
                "logging.console.level=\"info\"", "cluster.flowContext=false"));
    }

    @Test
    void aValueOfTheWrongTypeIsNamedWithTheDefaultUsed() throws Exception {
        assertEquals(List.of("settings key 'flowWatchdog.stallTimeout' must be an integer (ms), not \"soon\": "
                        + "10000 ms is used",
                "settings key 'flowWatchdog.onStall' must be \"report\" or \"exit\", not \"halt\": \"report\" is "
                        + "used",
                "settings key 'apiMaxLength' must be a size (bytes, or text such as \"5mb\"), not \"lots\": "
                        + "5242880 bytes (5 MiB) is used"),
                problems("flowWatchdog.stallTimeout=soon", "flowWatchdog.onStall=halt", "apiMaxLength=lots"));
    }

    @Test
    void anObjectSettingGivenSomethingElseIsNamed() throws Exception {
        List<String> problems = problems("flowWatchdog=5", "grpcReflection=\"no\"");
        assertTrue(problems.contains("settings key 'flowWatchdog' must be an object, not 5: ignored"),
                problems.toString());
        assertTrue(problems.contains("settings key 'grpcReflection' must be a boolean, not \"no\": true is used"),
                problems.toString());
        assertEquals(2, problems.size(), problems.toString());
    }
}
