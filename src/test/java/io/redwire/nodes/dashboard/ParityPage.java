package io.redwire.nodes.dashboard;

import io.redwire.editor.EditorBrowser;

import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
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
abstract class ParityPage {
    /**
     * The page's selectors: of a widget ({@code %s} for its id), of a group (its title the first line of its text),
     * inside a slider of what takes the keyboard, of a shown notification's text and of its buttons, inside a widget
     * of what holds its label (the first match) and of what matches only while it is disabled.
     */
    record Selectors(String widget, String group, String sliderHandle, String notificationText,
                     String notificationButton, String labelHolder, String whileDisabled) {
    }

    private final Selectors css;

    ParityPage(Selectors css) {
        this.css = css;
    }

    /** The CSS selector of a widget's element. */
    final String widget(String id) {
        return String.format(css.widget(), id);
    }

    /** The CSS selector of a group's element. */
    final String group() {
        return css.group();
    }

    /** Moves a slider {@code steps} to the right with the keyboard. */
    final void moveSlider(WebDriver d, String id, int steps) {
        WebElement handle = in(d, id, css.sliderHandle());
        for (int i = 0; i < steps; i++) {
            handle.sendKeys(Keys.ARROW_RIGHT);
        }
    }

    /** The value a slider shows. */
    abstract String sliderValue(String id) throws Exception;

    /** Picks the dropdown option labelled {@code label} (adds it to a multiple choice). */
    abstract void pick(WebDriver d, String id, String label) throws Exception;

    /** The labels of the options a dropdown shows as chosen. */
    abstract List<String> chosen(String id) throws Exception;

    /** Chooses a file in a ui-file-input (not sent yet). */
    final void choose(WebDriver d, String id, Path file) {
        in(d, id, "input[type=file]").sendKeys(file.toString());
    }

    /** Presses a ui-file-input's upload button. */
    abstract void upload(WebDriver d, String id);

    /** Each series of a chart as "name:points", from the chart library's own state. */
    abstract List<String> chartSeries(String id) throws Exception;

    /** The text of the notification shown, or null; blank while it is still fading in (getText reads only visible text). */
    final String notification(WebDriver d) {
        List<WebElement> shown = d.findElements(By.cssSelector(css.notificationText()));
        return shown.isEmpty() ? null : shown.get(0).getText();
    }

    /** The elements matching {@code inner} in the shown notification's text, as their text. */
    final List<String> notificationHolds(String inner) throws Exception {
        return strings("return [...document.querySelectorAll(arguments[0])].map((e) => e.textContent.trim());",
                css.notificationText() + " " + inner);
    }

    /** The labels of the shown notification's buttons, as written (not as CSS capitalises them). */
    final List<String> notificationButtons() throws Exception {
        return strings("return [...document.querySelectorAll(arguments[0])].map((b) => b.textContent.trim());",
                css.notificationButton());
    }

    /** Clicks the shown notification's button labelled {@code label} (by script: a toast may lie over it). */
    final void pressNotification(String label) throws Exception {
        js("[...document.querySelectorAll(arguments[0])].find((b) => b.textContent.trim() === arguments[1]).click();",
                css.notificationButton(), label);
    }

    /**
     * The grid cells a widget covers, "columns x rows of N columns": the tracks of its group's CSS grid (as the
     * browser resolved them, implicit rows too) that lie within the widget's box.
     */
    final String cells(String id) throws Exception {
        return (String) js("const el = document.querySelector(arguments[0]); const grid = el.parentElement;"
                + "const cs = getComputedStyle(grid); const box = grid.getBoundingClientRect();"
                + "const me = el.getBoundingClientRect();"
                + "const count = (tracks, gap, at, from, to) => tracks.filter((t) => {"
                + "  const inside = at >= from - 1 && at + t <= to + 1; at += t + gap; return inside; }).length;"
                + "const cols = cs.gridTemplateColumns.split(' ').map(parseFloat);"
                + "const rows = cs.gridTemplateRows.split(' ').map(parseFloat);"
                + "return count(cols, parseFloat(cs.columnGap) || 0, box.left + grid.clientLeft + parseFloat(cs.paddingLeft),"
                + "  me.left, me.right) + 'x' + count(rows, parseFloat(cs.rowGap) || 0,"
                + "  box.top + grid.clientTop + parseFloat(cs.paddingTop), me.top, me.bottom)"
                + "  + ' of ' + cols.length + ' columns';", widget(id));
    }

    /** The label a widget shows (its text even while Vuetify hides it behind its floating copy). */
    final String label(String id) throws Exception {
        return (String) js("return document.querySelector(arguments[0]).querySelector(arguments[1]).textContent.trim();",
                widget(id), css.labelHolder());
    }

    /** Whether a widget's control is disabled. */
    final boolean disabled(String id) throws Exception {
        return (Boolean) js("return !!document.querySelector(arguments[0]).querySelector(arguments[1]);",
                widget(id), css.whileDisabled());
    }

    /** The first element inside a widget matching {@code inner}. */
    final WebElement in(WebDriver d, String id, String inner) {
        return d.findElement(By.cssSelector(widget(id) + " " + inner));
    }

    /** Waits (up to 20 s) until {@code condition} holds. */
    static void until(WebDriver d, BooleanSupplier condition) {
        new WebDriverWait(d, Duration.ofSeconds(20)).until(x -> condition.getAsBoolean());
    }

    /** A script's list of strings. */
    @SuppressWarnings("unchecked")
    static List<String> strings(String script, Object... args) throws Exception {
        return (List<String>) js(script, args);
    }

    static Object js(String script, Object... args) throws Exception {
        return EditorBrowser.shared().js(script, args);
    }
}
