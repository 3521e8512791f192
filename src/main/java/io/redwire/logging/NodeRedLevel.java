package io.redwire.logging;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

import java.util.Locale;

/** {@code %nrlevel}: the level as Node-RED prints it ({@code info}, {@code warn}, ...). */
public final class NodeRedLevel extends ClassicConverter {
    @Override
    public String convert(ILoggingEvent event) {
        return event.getLevel().toString().toLowerCase(Locale.ROOT);
    }
}
