package io.redwire.cli;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.redwire.deploy.FlowFile;
import io.redwire.runtime.SettingsFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a run's settings, user directory, flows file, port and host come from, in Node-RED's order: command-line
 * flag, then the settings file, then the default. Without -s, {@code <userDir>/settings.js} is used when it exists.
 */
record Launch(Settings settings, Path userDir, FlowFile store, int port, String host) {
    static final Path DEFAULT_USER_DIR = Path.of(System.getProperty("user.home"), ".redwire");

    /** @throws IOException or IllegalArgumentException naming the file or key that is wrong */
    static Launch resolve(Options o) throws IOException {
        Path flagDir = o.userDir;
        Path settingsFile = o.settings;
        if (settingsFile == null && Files.isRegularFile((flagDir != null ? flagDir : DEFAULT_USER_DIR)
                .resolve("settings.js"))) {
            settingsFile = (flagDir != null ? flagDir : DEFAULT_USER_DIR).resolve("settings.js");
        }
        Settings settings = settingsFile == null ? Settings.defaults() : SettingsFile.load(settingsFile);
        for (String d : o.defines) {
            settings.define(d);
        }
        if (o.verbose) {
            settings.set(RuntimeSettings.VERBOSE, true);
        }
        if (o.safe) {
            settings.set(RuntimeSettings.SAFE_MODE, true);
        }
        String configuredDir = RuntimeSettings.USER_DIR.read(settings);
        Path userDir = flagDir != null ? flagDir : configuredDir != null ? Path.of(configuredDir) : DEFAULT_USER_DIR;
        settings.set(RuntimeSettings.USER_DIR, userDir.toAbsolutePath().normalize().toString());
        FlowFile store = new FlowFile(flowsPath(o.flows, RuntimeSettings.FLOW_FILE.read(settings), userDir));
        int port = o.port != null ? o.port : RuntimeSettings.UI_PORT.read(settings);
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not a TCP port: use 0-65535 with -p/--port "
                    + "or uiPort in the settings");
        }
        String host = o.host != null ? o.host : RuntimeSettings.UI_HOST.read(settings);
        return new Launch(settings, userDir, store, port, host);
    }

    /**
     * The flows file: the argument (relative to the working directory), else settings' flowFile (relative:
     * the working directory when it exists there, else the user directory, as Node-RED), else flows.json in the
     * user directory.
     */
    private static Path flowsPath(Path argument, String flowFile, Path userDir) {
        if (argument != null) {
            return argument;
        }
        if (flowFile == null) {
            return userDir.resolve("flows.json");
        }
        Path p = Path.of(flowFile);
        return p.isAbsolute() || flowFile.startsWith("./") || Files.exists(p) ? p : userDir.resolve(p);
    }
}
