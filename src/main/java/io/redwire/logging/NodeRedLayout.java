package io.redwire.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.LayoutBase;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Node-RED's console line, "30 Nov 03:36:00 - [warn] text": the level in lower case, and for a library's logger
 * (Vert.x, Netty, grpc-java, Thrift) its name in brackets before the text, so its lines are told apart from
 * Redwire's own (those carry their node label already). A throwable follows as its stack trace.
 */
public final class NodeRedLayout extends LayoutBase<ILoggingEvent> {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("d MMM HH:mm:ss", Locale.ENGLISH);

    /** One line in Node-RED's format, without the line end. */
    static String line(LocalDateTime time, String level, String text) {
        return time.format(TIME) + " - [" + level + "] " + text;
    }

    @Override
    public String doLayout(ILoggingEvent event) {
        String name = event.getLoggerName();
        String source = name.startsWith(Logging.ROOT) ? "" : "[" + name + "] ";
        LocalDateTime time = LocalDateTime.ofInstant(Instant.ofEpochMilli(event.getTimeStamp()), ZoneId.systemDefault());
        StringBuilder out = new StringBuilder(line(time, event.getLevel().toString().toLowerCase(Locale.ROOT),
                source + event.getFormattedMessage())).append(System.lineSeparator());
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown != null) {
            out.append(ThrowableProxyUtil.asString(thrown)).append(System.lineSeparator());
        }
        return out.toString();
    }
}
