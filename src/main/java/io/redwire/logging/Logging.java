package io.redwire.logging;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;

import net.logstash.logback.encoder.LogstashEncoder;

import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The process's logging on Logback (configured by {@link ConsoleLogging}: Node-RED's console format on stderr). Settings
 * adjust it as Node-RED's {@code logging.console} does: {@code level} (fatal, error, warn, info, debug, trace, off),
 * plus Redwire's {@code levels} (logger name → level, e.g. {@code {"io.netty": "debug"}}) and {@code format: "json"}
 * for one JSON object per line (logstash-logback-encoder) for log shippers. java.util.logging (grpc-java) is
 * bridged so library warnings reach the same log.
 */
public final class Logging {
    /** Redwire's own loggers are named below this. */
    public static final String ROOT = "redwire";

    private Logging() {
    }

    /** Routes java.util.logging to SLF4J; once, as early as possible. */
    public static void bridgeJul() {
        if (!SLF4JBridgeHandler.isInstalled()) {
            SLF4JBridgeHandler.removeHandlersForRootLogger();
            SLF4JBridgeHandler.install();
        }
    }

    /**
     * Applies the settings' {@code logging.console}.
     *
     * @return problems to report (a level name that is not one), each naming the key
     */
    public static List<String> configure(Settings settings) {
        List<String> problems = new ArrayList<>();
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
            return problems; // another SLF4J backend on the class path: leave it alone
        }
        Level root = RuntimeSettings.VERBOSE.read(settings) ? Level.DEBUG : Level.INFO;
        Object rootLevel = RuntimeSettings.LOGGING_CONSOLE_LEVEL.read(settings);
        if (rootLevel != null) {
            Level l = level(String.valueOf(rootLevel));
            if (l == null) {
                problems.add("settings logging.console.level '" + rootLevel + "' is not a level: use "
                        + "fatal, error, warn, info, debug, trace or off");
            } else {
                root = l;
            }
        }
        context.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(root);
        RuntimeSettings.LOGGING_CONSOLE_LEVELS.read(settings).forEach((name, value) -> {
            Level l = level(String.valueOf(value));
            if (l == null) {
                problems.add("settings logging.console.levels." + name + " '" + value + "' is not a level");
            } else {
                context.getLogger(name).setLevel(l);
            }
        });
        if ("json".equals(RuntimeSettings.LOGGING_CONSOLE_FORMAT.read(settings))) {
            useJson(context);
        }
        return problems;
    }

    private static void useJson(LoggerContext context) {
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        if (root.getAppender(ConsoleLogging.APPENDER) instanceof ConsoleAppender<ILoggingEvent> appender) {
            LogstashEncoder json = new LogstashEncoder();
            json.setContext(context);
            json.start();
            appender.stop();
            Encoder<ILoggingEvent> old = appender.getEncoder();
            appender.setEncoder(json);
            old.stop();
            appender.start();
        }
    }

    private static Level level(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "fatal", "error" -> Level.ERROR;
            case "warn" -> Level.WARN;
            case "info" -> Level.INFO;
            case "debug" -> Level.DEBUG;
            case "trace" -> Level.TRACE;
            case "off" -> Level.OFF;
            default -> null;
        };
    }
}
