package io.redwire.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.jul.LevelChangePropagator;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * Logback's configuration, in code (found through ServiceLoader): Node-RED's console format ({@link NodeRedLayout})
 * on stderr at info, debug output staying on stdout; java.util.logging levels follow Logback's. An XML file cost
 * ~60 ms of every start in Logback's XML configurator. {@code -Dlogback.configurationFile} still wins.
 * {@link Logging} then applies the settings' logging.console (level, levels, format json).
 */
public final class ConsoleLogging extends ContextAwareBase implements Configurator {
    /** The appender's name, which {@link Logging} looks up to switch it to JSON. */
    static final String APPENDER = "console";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        LevelChangePropagator julLevels = new LevelChangePropagator();
        julLevels.setContext(context);
        julLevels.setResetJUL(true);
        context.addListener(julLevels);
        julLevels.start();

        NodeRedLayout layout = new NodeRedLayout();
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.start();
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName(APPENDER);
        console.setTarget("System.err");
        console.setEncoder(encoder);
        console.start();

        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(console);
        // cluster mode: Hazelcast's banner and periodic health lines are noise in a flow engine's log; its
        // warnings stay (settings logging.console.levels can lower this)
        context.getLogger("com.hazelcast").setLevel(Level.WARN);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
