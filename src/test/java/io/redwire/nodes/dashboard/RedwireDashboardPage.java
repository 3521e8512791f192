package io.redwire.nodes.dashboard;

import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;

import java.util.List;

/** Redwire's dashboard page (Vue 3, native controls, Chart.js) as {@link ParityPage} reads it. */
final class RedwireDashboardPage extends ParityPage {
    RedwireDashboardPage() {
        super(new Selectors("[data-widget-id='%s']", ".rw-group", "input[type=range]",
                ".rw-notification .rw-notification-text", ".rw-notification .rw-notification-actions button",
                "button, .rw-label", ":disabled"));
    }

    @Override
    String sliderValue(String id) throws Exception {
        return (String) js("return document.querySelector(arguments[0]).value;", widget(id) + " input[type=range]");
    }

    @Override
    void pick(WebDriver d, String id, String label) {
        WebElement select = in(d, id, "select");
        if (!new Select(select).isMultiple()) {
            new Select(select).selectByVisibleText(label);
            return;
        }
        // a native multiple select adds an option to the choice with Ctrl held
        WebElement option = select.findElements(By.tagName("option")).stream().filter(o -> o.getText().equals(label))
                .findFirst().orElseThrow(() -> new AssertionError("no option " + label));
        new Actions(d).keyDown(Keys.CONTROL).click(option).keyUp(Keys.CONTROL).perform();
    }

    @Override
    List<String> chosen(String id) throws Exception {
        return strings("return [...document.querySelector(arguments[0]).selectedOptions]"
                + ".map((o) => o.text).filter((t) => t);", widget(id) + " select");
    }

    @Override
    void upload(WebDriver d, String id) {
        WebElement send = in(d, id, "button.rw-upload");
        until(d, send::isEnabled);
        send.click();
    }

    @Override
    List<String> chartSeries(String id) throws Exception {
        return strings("return Chart.getChart(document.querySelector(arguments[0])).data.datasets"
                + ".map((s) => s.label + ':' + s.data.length);", widget(id) + " canvas");
    }
}
