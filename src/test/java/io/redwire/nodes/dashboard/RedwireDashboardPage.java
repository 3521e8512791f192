package io.redwire.nodes.dashboard;

import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;

import java.util.List;

import static io.redwire.nodes.dashboard.ParityPage.js;

/** Redwire's dashboard page (Vue 3, native controls, Chart.js) as {@link ParityPage} reads it. */
final class RedwireDashboardPage implements ParityPage {
    @Override
    public String widget(String id) {
        return "[data-widget-id='" + id + "']";
    }

    @Override
    public String group() {
        return ".rw-group";
    }

    @Override
    public void moveSlider(WebDriver d, String id, int steps) {
        WebElement range = in(d, id, "input[type=range]");
        for (int i = 0; i < steps; i++) {
            range.sendKeys(Keys.ARROW_RIGHT);
        }
    }

    @Override
    public String sliderValue(String id) throws Exception {
        return (String) js("return document.querySelector(arguments[0]).value;", widget(id) + " input[type=range]");
    }

    @Override
    public void pick(WebDriver d, String id, String label) {
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
    @SuppressWarnings("unchecked")
    public List<String> chosen(String id) throws Exception {
        return (List<String>) js("return [...document.querySelector(arguments[0]).selectedOptions]"
                + ".map((o) => o.text).filter((t) => t);", widget(id) + " select");
    }

    @Override
    public void upload(WebDriver d, String id) {
        WebElement send = in(d, id, "button.rw-upload");
        ParityPage.until(d, send::isEnabled);
        send.click();
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<String> chartSeries(String id) throws Exception {
        return (List<String>) js("return Chart.getChart(document.querySelector(arguments[0])).data.datasets"
                + ".map((s) => s.label + ':' + s.data.length);", widget(id) + " canvas");
    }

    @Override
    public String notification(WebDriver d) {
        List<WebElement> shown = d.findElements(By.cssSelector(".rw-notification .rw-notification-text"));
        return shown.isEmpty() ? null : shown.get(0).getText();
    }

    @Override
    public String label(String id) throws Exception {
        return (String) js("return document.querySelector(arguments[0])"
                + ".querySelector('button, .rw-label').innerText.trim();", widget(id));
    }

    @Override
    public boolean disabled(String id) throws Exception {
        return (Boolean) js("return !!document.querySelector(arguments[0]).querySelector(':disabled');", widget(id));
    }
}
