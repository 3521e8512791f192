package io.redwire.nodes.dashboard;

import io.redwire.editor.EditorBrowser;

import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * How a parity test reads and drives one engine's dashboard page: the same questions asked of Dashboard 2.0's
 * Vuetify page and of Redwire's own, each answered from the DOM (or the chart library's state), never from pixels.
 */
interface ParityPage {
    /** The CSS selector of a widget's element. */
    String widget(String id);

    /** The CSS selector of a group's element (its title is the first line of its text). */
    String group();

    /** Moves a slider {@code steps} to the right with the keyboard. */
    void moveSlider(WebDriver d, String id, int steps);

    /** The value a slider shows. */
    String sliderValue(String id) throws Exception;

    /** Picks the dropdown option labelled {@code label} (adds it to a multiple choice). */
    void pick(WebDriver d, String id, String label) throws Exception;

    /** The labels of the options a dropdown shows as chosen. */
    List<String> chosen(String id) throws Exception;

    /** Chooses a file in a ui-file-input (not sent yet). */
    default void choose(WebDriver d, String id, Path file) {
        in(d, id, "input[type=file]").sendKeys(file.toString());
    }

    /** Presses a ui-file-input's upload button. */
    void upload(WebDriver d, String id);

    /** Each series of a chart as "name:points", from the chart library's own state. */
    List<String> chartSeries(String id) throws Exception;

    /** The text of the notification shown, or null. */
    String notification(WebDriver d);

    /** The label a widget shows. */
    String label(String id) throws Exception;

    /** Whether a widget's control is disabled. */
    boolean disabled(String id) throws Exception;

    /** The first element inside a widget matching {@code inner}. */
    default WebElement in(WebDriver d, String id, String inner) {
        return d.findElement(By.cssSelector(widget(id) + " " + inner));
    }

    /** Waits (up to 20 s) until {@code condition} holds. */
    static void until(WebDriver d, BooleanSupplier condition) {
        new WebDriverWait(d, Duration.ofSeconds(20)).until(x -> condition.getAsBoolean());
    }

    static Object js(String script, Object... args) throws Exception {
        return EditorBrowser.shared().js(script, args);
    }
}
