package io.redwire.editor;

import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Real headless Chromium (Debian's chromium + chromium-driver) driven by Selenium, with the driver given explicitly
 * so Selenium Manager never downloads anything. Skips the test when Chromium is not installed.
 */
public final class EditorBrowser implements AutoCloseable {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private final WebDriver driver;
    private final Path profile;
    private static EditorBrowser shared;

    /**
     * The opening of an editor test's flow JSON, the rest of the nodes to follow: tab t1 labelled {@code label}, and
     * inject i1 on it at (100, {@code y}) wired to {@code firstId}, with {@code injectFields} (name, props, payload).
     */
    static String tabAndInject(String label, String injectFields, int y, String firstId) {
        return "[{\"id\":\"t1\",\"type\":\"tab\",\"label\":\"" + label + "\"},\n"
                + " {\"id\":\"i1\",\"type\":\"inject\",\"z\":\"t1\"," + injectFields
                + ",\"x\":100,\"y\":" + y + ",\"wires\":[[\"" + firstId + "\"]]},\n";
    }

    /** The opening of a flow: tab t1 and http in h1 on it answering GET {@code url}, wired to {@code firstId}. */
    static String tabAndHttpIn(String url, String firstId) {
        return "[{\"id\":\"t1\",\"type\":\"tab\",\"label\":\"HTTP\"},\n"
                + " {\"id\":\"h1\",\"type\":\"http in\",\"z\":\"t1\",\"name\":\"\",\"url\":\"" + url
                + "\",\"method\":\"get\",\"upload\":false,\"swaggerDoc\":\"\",\"x\":120,\"y\":100,"
                + "\"wires\":[[\"" + firstId + "\"]]},\n";
    }

    /** One browser for every editor test class of this JVM (starting Chromium costs seconds); closed at exit. */
    public static synchronized EditorBrowser shared() throws Exception {
        if (shared == null) {
            EditorBrowser b = new EditorBrowser();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    b.close();
                } catch (Exception ignored) {
                    // the JVM is ending
                }
            }));
            shared = b;
        }
        return shared;
    }

    EditorBrowser() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "editor end-to-end tests need /usr/bin/chromium and /usr/bin/chromedriver "
                        + "(apt-get install -y chromium chromium-driver)");
        Logger.getLogger("org.openqa.selenium").setLevel(Level.WARNING);
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        profile = Files.createTempDirectory("redwire-chrome");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,900", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(20));
    }

    public WebDriver driver() {
        return driver;
    }

    /**
     * Opens the editor and waits until it has loaded its node types and flows. Generous: the first GET /nodes of a
     * server loads every node family (they load lazily), seconds on a busy machine.
     */
    void open(String url) {
        leave();
        driver.get(url);
        waitFor(By.cssSelector("body[data-ready='true']"), Duration.ofSeconds(60));
    }

    /** Lets the current page go without its "unsaved changes" prompt (each test starts on a fresh server). */
    public void leave() {
        try {
            js("if (window.redwire) { window.redwire.model.dirty = false; }");
        } catch (RuntimeException noPage) {
            // nothing loaded yet
        }
    }

    WebElement waitFor(By by) {
        return waitFor(by, Duration.ofSeconds(15));
    }

    /** A longer wait, for deploys: they finish once every node has started (function sandboxes take seconds). */
    public WebElement waitFor(By by, Duration limit) {
        return new WebDriverWait(driver, limit).until(ExpectedConditions.visibilityOfElementLocated(by));
    }

    /** Waits up to 15 s for {@code ok}, failing with {@code what}. */
    void until(String what, java.util.function.BooleanSupplier ok) {
        until(what, Duration.ofSeconds(15), ok);
    }

    void until(String what, Duration limit, java.util.function.BooleanSupplier ok) {
        new WebDriverWait(driver, limit).withMessage(what).until(d -> ok.getAsBoolean());
    }

    WebElement waitForText(By by, String text) {
        new WebDriverWait(driver, Duration.ofSeconds(15)).until(ExpectedConditions.textToBePresentInElementLocated(by,
                text));
        return driver.findElement(by);
    }

    WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    /**
     * Clicks once the element has stopped moving: a tray slides in for 0.18 s, and a click aimed at a button still
     * in flight lands beside it on a loaded machine.
     */
    void click(String css) {
        WebElement e = waitFor(By.cssSelector(css));
        ((JavascriptExecutor) driver).executeAsyncScript("""
                const [el, done] = arguments; let last = null;
                const frame = () => { const r = el.getBoundingClientRect(), now = r.left + ',' + r.top;
                  if (now === last) { done(); } else { last = now; requestAnimationFrame(frame); } };
                frame();""", e);
        e.click();
    }

    /** Opens a sidebar tab by its panel's id and waits until {@code content} shows in it. */
    void showSidebarPanel(String panel, By content) {
        click(".sidebar-tabs button[data-panel='" + panel + "']");
        waitFor(content);
    }

    /** A JavaScript expression on the editor's model, e.g. {@code get('n1').x}. */
    public Object model(String expr) {
        return js("return window.redwire.model." + expr);
    }

    public Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** A Chrome DevTools Protocol command (e.g. "Performance.getMetrics"); enables its domain first. */
    Map<String, Object> cdp(String command) {
        ChromeDriver chrome = (ChromeDriver) driver;
        chrome.executeCdpCommand(command.substring(0, command.indexOf('.')) + ".enable", Map.of());
        return chrome.executeCdpCommand(command, Map.of());
    }

    Actions actions() {
        return new Actions(driver);
    }

    /** Drags with real mouse events (press, several moves, release) from one element to another. */
    void drag(WebElement from, WebElement to) {
        actions().moveToElement(from).clickAndHold().moveByOffset(10, 5).moveToElement(to, 0, 0).pause(100)
                .moveToElement(to).release().perform();
    }

    /** The centre of an element in client coordinates. */
    double[] centre(String css) {
        @SuppressWarnings("unchecked")
        java.util.List<Number> c = (java.util.List<Number>) js("const r = document.querySelector(arguments[0])"
                + ".getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", css);
        return new double[] {c.get(0).doubleValue(), c.get(1).doubleValue()};
    }

    /** Saves a screenshot as target/editor-<name>.png for a person to look at. */
    Path screenshot(String name) throws Exception {
        Path out = Path.of("target", "editor-" + name + ".png");
        Files.createDirectories(out.getParent());
        Files.write(out, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        return out;
    }

    @Override
    public void close() throws Exception {
        try {
            driver.quit();
        } finally {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }
}
