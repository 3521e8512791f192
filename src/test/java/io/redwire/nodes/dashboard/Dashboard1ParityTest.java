package io.redwire.nodes.dashboard;

import io.redwire.admin.CommsClient;
import io.redwire.editor.EditorBrowser;
import io.redwire.msg.Json;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.redwire.nodes.dashboard.DashboardNodeRedParityTest.debug;
import static io.redwire.nodes.dashboard.DashboardNodeRedParityTest.post;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * src/test/resources/parity/dashboard1-flows.json (ui_* nodes) in the real Node-RED 5.0.7 + node-red-dashboard 3.6.6
 * (its AngularJS page at /ui) and in Redwire (the same flow on the Dashboard 2.0 widgets, page at /ui as well), both
 * driven in headless Chromium; each msg at the debug node (payload and topic; ui_ui_control's name too) and what each
 * widget shows (DOM text and state, not pixels) must agree:
 * <ul>
 * <li>ui_ui_control's "change" for the tab a page opens on (its params: the query the page was opened with, and its
 * socketid and socketip); ui_text's value in its format after an inject; a button click;</li>
 * <li>two text inputs: one with a delay (sends while typing, nothing on Enter nor on leaving the field), one without
 * (sends on Enter; leaving it resends only a changed text);</li>
 * <li>ui_numeric's value after an inject (passed through with its topic) and its - and + buttons;</li>
 * <li>ui_gauge's value and units text; ui_slider's value after an inject and a key press; ui_dropdown's
 * placeholder, its choice after an inject and a pick, and its options after {@code msg.options}; a multiple one's
 * placeholder and the labels a msg chooses; ui_form filled by a msg, submitted, emptied, typed into and submitted;
 * ui_date_picker (ms since 1970 out) and ui_colour_picker after an inject;</li>
 * <li>ui_ui_control opening the second tab by name (ui_template's text; ui_chart's series, as the chart library
 * holds them: series names and y values, comparable without pixels) and the first by index, hiding and showing a
 * group by Dashboard 1's "Tab_Group" name; a collapsible group folded and unfolded by its caret, by ui_ui_control's
 * close and open, and kept folded over a reload, each fold reported by ui_ui_control;</li>
 * <li>ui_toast as a dialog (title, text, buttons; OK and cancel each send their label) and as a prompt (OK sends
 * the text typed, "" for none); a dialog's msg with an empty payload (for its toast or another: the dialog open is
 * cancelled, sending its cancel label; none open: nothing); the navigation (tabs,
 * ui_link).</li>
 * </ul>
 * A second flow has no ui_base: both serve it at /ui with Dashboard 1's defaults. A third (dashboard1-text-flows.json)
 * has ui_texts whose formats use AngularJS expressions, filters and HTML, and a button and a gauge with {{…}} texts.
 * Not compared: ui_audio (text to speech has no DOM, and headless Chromium has no voices); picking in Dashboard 1's
 * date and colour pickers (Angular Material's calendar and a colour panel against the browser's own inputs).
 */
class Dashboard1ParityTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    /** One engine's page: how its widgets are found, which column of SHOWN and CONTROLS is its own. */
    private record Side(String url, String widget, int column, CommsClient comms, String query) {
        String css(String id, String inner) {
            return String.format(widget, id) + (inner.isEmpty() ? "" : " " + inner);
        }

        String control(String what) {
            return CONTROLS.get(what).get(column);
        }

        /** What the page shows as {@code what}, once it shows something. */
        String shown(WebDriver d, String what) {
            EditorBrowser browser = sharedBrowser();
            List<String> reads = SHOWN.get(what);
            // nothing yet (the element still to come) reads as ""
            String script = "const w = (id) => document.querySelector(arguments[0].replace('%s', id)); try { return"
                    + " String(" + reads.get(Math.min(column, reads.size() - 1)) + "); } catch (e) { return ''; }";
            try {
                new WebDriverWait(d, WAIT).until(x -> {
                    Object v = browser.js(script, widget);
                    return v != null && !"".equals(v) && !"[]".equals(v);
                });
            } catch (org.openqa.selenium.TimeoutException nothingShown) {
                return what + " shows nothing";
            }
            return String.valueOf(browser.js(script, widget));
        }
    }

    /**
     * What each page shows, read by JavaScript ({@code w(id)} is the widget's element): Node-RED's, then Redwire's;
     * one text where both read alike.
     */
    private static final Map<String, List<String>> SHOWN = Map.ofEntries(
            Map.entry("numeric", List.of(
                    "w('num').querySelector('p.value').innerText",
                    "w('num').querySelector('input').value")),
            Map.entry("gauge", List.of(
                    "w('gg').querySelector('svg text').textContent",
                    "w('gg').querySelector('.rw-value').textContent")),
            Map.entry("slider", List.of(
                    "w('sl').querySelector('[role=slider]').getAttribute('aria-valuenow')",
                    "w('sl').querySelector('input').value")),
            Map.entry("dropdown", List.of(
                    "w('dd').querySelector('md-select-value').innerText.trim()",
                    "(w('dd').querySelector('select').selectedOptions[0] || {text: ''}).text")),
            // Dashboard 1's menu is moved to the end of the page; options being replaced animate out (ng-leave)
            Map.entry("options", List.of(
                    "[...document.getElementById(w('dd').querySelector('md-select')"
                            + ".getAttribute('aria-owns')).querySelectorAll('md-option:not(.ng-leave)')]"
                            + ".map(o => o.textContent.trim()).join(', ')",
                    "[...w('dd').querySelectorAll('option')].filter(o => o.value !== 'null')"
                            + ".map(o => o.text).join(', ')")),
            Map.entry("date", List.of(
                    "w('dp').querySelector('input').value.split('/').reverse().join('-')",
                    "w('dp').querySelector('input').value")),
            Map.entry("text", List.of("w('txt').querySelector('p.value, .rw-value').textContent.trim()")),
            Map.entry("dialog", List.of(
                    "document.querySelector('md-dialog h2.md-title').textContent + ': '"
                            + " + document.querySelector('md-dialog .md-dialog-content-body').textContent + ' ['"
                            + " + [...document.querySelectorAll('md-dialog-actions button')]"
                            + ".map(b => b.textContent.trim())"
                            + " + ']'",
                    "document.querySelector('.rw-notification-title').textContent + ': '"
                            + " + document.querySelector('.rw-notification-text').textContent + ' ['"
                            + " + [...document.querySelectorAll('.rw-notification-actions button')]"
                            + ".map(b => b.textContent.trim()) + ']'")),
            Map.entry("navigation", List.of(
                    "[...document.querySelectorAll('md-sidenav md-list-item button[aria-label]')]"
                            + ".map(b => b.getAttribute('aria-label')).join(', ')",
                    "[...document.querySelectorAll('nav a')].map(a => a.innerText.trim()).join(', ')")),
            Map.entry("form", List.of("[...w('frm').querySelectorAll('input')].map(i => i.value).join(', ')")),
            Map.entry("colour", List.of("w('cp').querySelector('input').value")),
            Map.entry("template", List.of("w('tpl').querySelector('.shown').innerText")),
            // the series as both chart libraries (Chart.js 2 and 4) hold them
            Map.entry("chart", List.of("Object.values(Chart.instances).map(c => c.data.datasets.map(s => s.label + ' '"
                    + " + JSON.stringify(s.data.map(p => p.y))).join(', ')).join('')")),
            Map.entry("group shown", List.of("!!(w('sl') && w('sl').offsetParent !== null) + ''")),
            // a multiple dropdown's text: Dashboard 1's select shows the placeholder or the labels chosen
            Map.entry("multiple", List.of(
                    // (its option labels end in a space)
                    "w('ddm').querySelector('md-select-value').innerText.trim().replace(/\\s+,/g, ',')",
                    "w('ddm').querySelector('.rw-multi-value').innerText.trim()")),
            Map.entry("fold shown", List.of("!!(w('ddm') && w('ddm').offsetParent !== null) + ''")),
            Map.entry("dialog open", List.of("!!document.querySelector('md-dialog') + ''",
                    "!!document.querySelector('.rw-notification') + ''")),
            Map.entry("title", List.of("document.title")));

    /** What is clicked or typed into, inside a widget or on the page: Node-RED's, then Redwire's. */
    private static final Map<String, List<String>> CONTROLS = Map.ofEntries(
            Map.entry("switch", List.of("", "input")),
            Map.entry("less", List.of("button.down-button", "button.rw-step-down")),
            Map.entry("more", List.of("button.up-button", "button.rw-step-up")),
            Map.entry("slider", List.of(".md-slider-wrapper", "input")),
            Map.entry("submit", List.of("button[type=submit]", "button.rw-submit")),
            Map.entry("ok", List.of("md-dialog .md-confirm-button", ".rw-notification .rw-confirm")),
            Map.entry("cancel", List.of("md-dialog .md-cancel-button", ".rw-notification .rw-dismiss")),
            Map.entry("fold", List.of("#Home_Page_Fold .nr-dashboard-cardcarat", "[data-group-id=grpFold] .rw-fold")),
            Map.entry("prompt field", List.of("md-dialog input", ".rw-notification input.rw-prompt")));

    private static Side theirs(ParityPair pair) {
        return new Side(pair.nodeRed().url("/ui/"), "[node-id='%s']", 0, pair.theirComms(), "#!/0?room=kitchen");
    }

    private static Side ours(ParityPair pair) {
        return new Side(pair.redwire().url("/ui"), "[data-widget-id='%s']", 1, pair.ourComms(), "?room=kitchen");
    }

    @Test
    void everyMappedWidgetBehavesAsNodeRedDashboard1() throws Exception {
        String flow = Files.readString(Path.of("src/test/resources/parity/dashboard1-flows.json"));
        try (ParityPair pair = ParityPair.deploy("dash1-parity", flow)) {
            List<String> theirs = drive(theirs(pair));
            List<String> ours = drive(ours(pair));
            assertEquals(String.join("\n", theirs), String.join("\n", ours));
        }
    }

    @Test
    void aFlowWithoutUiBaseGetsDashboard1sDefaults() throws Exception {
        String flow = Files.readString(Path.of("src/test/resources/parity/dashboard1-flows.json"));
        List<?> nodes = (List<?>) Json.parse(flow);
        String withoutBase = Json.stringify(nodes.stream().filter(n -> !"ui_base".equals(((Map<?, ?>) n).get("type")))
                .toList());
        try (ParityPair pair = ParityPair.deploy("dash1-nobase", withoutBase)) {
            assertEquals(String.join("\n", plain(theirs(pair))), String.join("\n", plain(ours(pair))));
        }
    }

    /**
     * dashboard1-text-flows.json: ui_text formats with AngularJS expressions, filters and HTML (unsafe parts
     * stripped), a button's label and colour and a gauge's title with {{msg.topic}}, before and after their msgs.
     */
    @Test
    void textFormatsAndBoundLabelsAsNodeRedDashboard1() throws Exception {
        String flow = Files.readString(Path.of("src/test/resources/parity/dashboard1-text-flows.json"));
        try (ParityPair pair = ParityPair.deploy("dash1-text", flow)) {
            assertEquals(String.join("\n", formats(theirs(pair))), String.join("\n", formats(ours(pair))));
        }
    }

    private static List<String> formats(Side side) throws Exception {
        WebDriver d = ParityPair.open(side.url(), side.css("o8", ""), WAIT);
        String base = side.url().replaceAll("/ui/?$", "");
        List<String> seen = new ArrayList<>();
        seen.add("before: " + bound(side));
        post(base + "/inject/injN");
        post(base + "/inject/injO");
        post(base + "/inject/injE");
        try { // the last text of each inject shows something
            new WebDriverWait(d, WAIT).until(x -> bound(side).matches("(?s)n1 one decimal \\S.*\no6 limitTo \\S.*"
                    + "\ne7 constructor \\S.*\nbutton hall.*\ngauge hall.*"));
        } catch (org.openqa.selenium.TimeoutException shown) {
            // compared as it is
        }
        seen.addAll(List.of(bound(side).split("\\n")));
        return seen;
    }

    /**
     * Each text's label and value, the button's label and colour, the gauge's title, and the elements of the
     * button's and gauge's HTML texts and of two texts' HTML.
     */
    private static String bound(Side side) {
        boolean theirs = side.column() == 0;
        String label = theirs ? "p.label" : ".rw-label";
        String value = theirs ? "p.value" : ".rw-value";
        String script = "const w = (id) => document.querySelector(arguments[0].replace('%s', id));"
                + " const t = (e) => e ? e.textContent.trim().replace(/\\s+/g, ' ') : '?';"
                // the elements in a text's value with their attributes' names (not a javascript: link's address:
                // Dashboard 1 keeps it, Redwire's sanitizer leaves it out)
                + " const tags = (e) => [...e.querySelectorAll('*')].map(x => x.localName + '['"
                + " + [...x.attributes].filter(a => !/^javascript:/.test(a.value)).map(a => a.name) + ']');"
                + " const texts = [...document.querySelectorAll('[node-id], [data-widget-id]')]"
                + ".map(e => e.getAttribute('node-id') || e.getAttribute('data-widget-id'))"
                + ".filter(id => /^[noe]\\d+$/.test(id))"
                + ".map(id => id + ' ' + t(w(id).querySelector(arguments[1])) + ' ' + t(w(id).querySelector(arguments[2])));"
                + " const b = w('btn').querySelector('button');"
                + " const bl = b.querySelector('span[ng-bind-html]') || b.querySelector('span');"
                + " const g = w('gg').querySelector(arguments[3]);"
                + " return texts.concat(['button ' + t(bl) + ' ' + tags(bl) + ' colour ' + b.style.backgroundColor,"
                + " 'gauge ' + t(g) + ' ' + tags(g),"
                + " 'html ' + tags(w('n5').querySelector(arguments[2])) + ', unsafe ' + tags(w('n10').querySelector(arguments[2])),"
                + " 'a script ran ' + (document.title === 'owned')]).join('\\n');";
        return String.valueOf(sharedBrowser().js(script, side.widget(), label, value,
                theirs ? "p.nr-dashboard-gauge-title" : ".rw-label"));
    }

    private static List<String> plain(Side side) throws Exception {
        WebDriver d = ParityPair.open(side.url(), side.css("txt", ""), WAIT);
        post(side.url().replaceAll("/ui/?$", "") + "/inject/injT");
        List<String> seen = new ArrayList<>();
        seen.add("ui_ui_control: " + debugWithName(side.comms()));
        new WebDriverWait(d, WAIT).until(x -> d.findElement(By.cssSelector(side.css("txt", ""))).getText()
                .contains("hello"));
        seen.add("text shows hello");
        seen.add("title " + side.shown(d, "title"));
        seen.add("navigation " + side.shown(d, "navigation"));
        return seen;
    }

    private static List<String> drive(Side side) throws Exception {
        List<String> seen = new ArrayList<>();
        try {
            drive(side, seen);
        } catch (Exception | AssertionError e) {
            System.out.println(side.url() + " got as far as:\n" + String.join("\n", seen));
            throw e;
        }
        return seen;
    }

    private static void drive(Side side, List<String> seen) throws Exception {
        // opened with a query, which ui_ui_control's change msgs carry as params
        WebDriver d = ParityPair.open(side.url() + side.query(), side.css("inp", "input"), WAIT);
        String base = side.url().replaceAll("/ui/?$", "");
        seen.add("ui_ui_control on open: " + debugWithName(side.comms()));
        seen.add("title " + side.shown(d, "title"));
        seen.add("navigation " + side.shown(d, "navigation"));
        post(base + "/inject/injT");
        // the label and the value are laid out differently; what matters is that the value is shown in the widget
        new WebDriverWait(d, WAIT).until(x -> d.findElement(By.cssSelector(side.css("txt", ""))).getText()
                .contains("hello"));
        seen.add("text shows " + side.shown(d, "text"));
        d.findElement(By.cssSelector(side.css("btn", "button"))).click();
        seen.add("button: " + debug(side.comms()));
        d.findElement(By.cssSelector(side.css("inp", "input"))).sendKeys("Ada", Keys.ENTER);
        seen.add("text input (delay): " + debug(side.comms()));
        // leaving the field (for the switch) resends nothing: the next msg is the switch's
        d.findElement(By.cssSelector(side.css("sw", side.control("switch")))).click();
        seen.add("switch: " + debug(side.comms()));

        post(base + "/inject/injN");
        seen.add("numeric passes on: " + debug(side.comms()));
        seen.add("numeric shows " + side.shown(d, "numeric"));
        d.findElement(By.cssSelector(side.css("inp0", "input"))).sendKeys("Bob", Keys.ENTER);
        seen.add("text input (Enter): " + debug(side.comms()));
        // leaving it unchanged (for the + button) sends nothing; changed (for the - button), the new text
        d.findElement(By.cssSelector(side.css("num", side.control("more")))).click();
        seen.add("numeric +: " + debug(side.comms()));
        d.findElement(By.cssSelector(side.css("inp0", "input"))).sendKeys("by");
        d.findElement(By.cssSelector(side.css("num", side.control("less")))).click();
        seen.add("text input (left changed): " + debug(side.comms()));
        seen.add("numeric -: " + debug(side.comms()));
        seen.add("numeric shows " + side.shown(d, "numeric"));

        post(base + "/inject/injG");
        new WebDriverWait(d, WAIT).until(x -> side.shown(d, "gauge").contains("42"));
        seen.add("gauge shows " + side.shown(d, "gauge"));

        post(base + "/inject/injSl");
        seen.add("slider passes on: " + debug(side.comms()));
        seen.add("slider shows " + side.shown(d, "slider"));
        d.findElement(By.cssSelector(side.css("sl", side.control("slider")))).sendKeys(Keys.ARROW_RIGHT);
        seen.add("slider key: " + debug(side.comms()));
        seen.add("slider shows " + side.shown(d, "slider"));

        seen.add("dropdown before a choice shows " + side.shown(d, "dropdown"));
        post(base + "/inject/injDd");
        seen.add("dropdown passes on: " + debug(side.comms()));
        seen.add("dropdown shows " + side.shown(d, "dropdown"));
        pick(d, side, "Blue");
        seen.add("dropdown pick: " + debug(side.comms()));
        seen.add("dropdown shows " + side.shown(d, "dropdown"));
        post(base + "/inject/injOpts");
        new WebDriverWait(d, WAIT).until(x -> side.shown(d, "options").contains("Three")
                && !side.shown(d, "options").contains("Red"));
        seen.add("dropdown options " + side.shown(d, "options"));

        post(base + "/inject/injF");
        new WebDriverWait(d, WAIT).until(x -> side.shown(d, "form").contains("Bob"));
        seen.add("form shows " + side.shown(d, "form"));
        d.findElement(By.cssSelector(side.css("frm", side.control("submit")))).click();
        seen.add("form submit: " + debug(side.comms()));
        new WebDriverWait(d, WAIT).until(x -> !side.shown(d, "form").contains("Bob"));
        List<WebElement> fields = d.findElements(By.cssSelector(side.css("frm", "input")));
        fields.get(0).sendKeys("Ada");
        fields.get(1).sendKeys("7");
        d.findElement(By.cssSelector(side.css("frm", side.control("submit")))).click();
        seen.add("form typed and submitted: " + debug(side.comms()));

        passedOn(d, side, base + "/inject/injDp", "date picker", "date", seen);
        passedOn(d, side, base + "/inject/injCp", "colour picker", "colour", seen);

        post(base + "/inject/injTab");
        seen.add("ui_ui_control by name: " + debugWithName(side.comms()));
        post(base + "/inject/injTpl");
        seen.add("template shows " + side.shown(d, "template"));
        for (String inject : List.of("injCh", "injCh2", "injCh")) {
            post(base + "/inject/" + inject);
        }
        new WebDriverWait(d, WAIT).until(x -> side.shown(d, "chart").matches(".*21,21.*"));
        seen.add("chart holds " + side.shown(d, "chart"));
        post(base + "/inject/injTab0");
        seen.add("ui_ui_control by index: " + debugWithName(side.comms()));

        post(base + "/inject/injHide");
        waitFor(d, side, "group shown", "false");
        seen.add("group hidden: shown " + side.shown(d, "group shown"));
        post(base + "/inject/injShow");
        waitFor(d, side, "group shown", "true");
        seen.add("group shown again: shown " + side.shown(d, "group shown"));

        seen.add("multiple dropdown shows " + side.shown(d, "multiple"));
        passedOn(d, side, base + "/inject/injDdm", "multiple dropdown", "multiple", seen);
        passedOn(d, side, base + "/inject/injDdmNone", "multiple dropdown", "multiple", seen);
        folds(d, side, base, seen);

        seen.add("dialog " + answer(d, side, base + "/inject/injToast", null, "ok"));
        seen.add("dialog " + answer(d, side, base + "/inject/injToast", null, "cancel"));
        seen.add("prompt " + answer(d, side, base + "/inject/injPrompt", "Ada", "ok"));
        seen.add("prompt, nothing typed: " + answer(d, side, base + "/inject/injPrompt", null, "ok"));
        seen.add("prompt " + answer(d, side, base + "/inject/injPrompt", null, "cancel"));
        emptyDialogs(d, side, base, seen);
    }

    /** Injects into a widget that passes its msg on: the msg at the debug node, then what the widget shows. */
    private static void passedOn(WebDriver d, Side side, String inject, String widget, String what, List<String> seen)
            throws Exception {
        post(inject);
        seen.add(widget + " passes on: " + debug(side.comms()));
        seen.add(widget + " shows " + side.shown(d, what));
    }

    /**
     * The collapsible group: ui_ui_control's close before any fold on this page, the caret clicked twice, then
     * ui_ui_control's close and open, then folded and the page reloaded (the browser keeps the fold); what each
     * reports and whether the group's widgets show.
     */
    private static void folds(WebDriver d, Side side, String base, List<String> seen) throws Exception {
        post(base + "/inject/injClose");
        Thread.sleep(500);
        seen.add("close before a fold: shown " + side.shown(d, "fold shown"));
        for (String how : List.of("caret", "caret", "injClose", "injOpen")) {
            String before = side.shown(d, "fold shown");
            if (how.equals("caret")) {
                clickWhenStill(d, side.control("fold"));
            } else {
                post(base + "/inject/" + how);
            }
            seen.add(how + ": " + debugGroup(side.comms()));
            waitFor(d, side, "fold shown", String.valueOf(!Boolean.parseBoolean(before)));
            seen.add(how + ": shown " + side.shown(d, "fold shown"));
        }
        clickWhenStill(d, side.control("fold"));
        seen.add("folded: " + debugGroup(side.comms()));
        d.navigate().refresh();
        // the tab's change and the fold, in whichever order the page reports them
        seen.add("reloaded: " + new java.util.TreeSet<>(List.of(debugGroup(side.comms()), debugGroup(side.comms()))));
        waitFor(d, side, "fold shown", "false");
        seen.add("reloaded: shown " + side.shown(d, "fold shown"));
        clickWhenStill(d, side.control("fold"));
        seen.add("unfolded: " + debugGroup(side.comms()));
    }

    /**
     * A dialog's msg with an empty payload, for the dialog's toast and then for another one: what it sends and
     * whether a dialog is open after it; then with no dialog open (the next dialog's OK is the next msg).
     */
    private static void emptyDialogs(WebDriver d, Side side, String base, List<String> seen) throws Exception {
        for (String empty : List.of("injToastEmpty", "injPromptEmpty")) {
            post(base + "/inject/injToast");
            seen.add("dialog shows " + side.shown(d, "dialog"));
            post(base + "/inject/" + empty);
            seen.add(empty + ": " + debug(side.comms()));
            waitFor(d, side, "dialog open", "false");
            seen.add(empty + ": dialog open " + side.shown(d, "dialog open"));
        }
        post(base + "/inject/injToastEmpty");
        Thread.sleep(500);
        seen.add("empty with no dialog: dialog open " + side.shown(d, "dialog open"));
        seen.add("then dialog " + answer(d, side, base + "/inject/injToast", null, "ok"));
    }

    /**
     * Injects into a toast, and once its dialog shows types {@code typed} into its prompt field (null: nothing) and
     * clicks {@code button}: what the dialog showed and what the click sent to the debug node.
     */
    private static String answer(WebDriver d, Side side, String inject, String typed, String button) throws Exception {
        post(inject);
        String dialog = side.shown(d, "dialog");
        if (typed != null) {
            clickWhenStill(d, side.control("prompt field"));
            d.findElement(By.cssSelector(side.control("prompt field"))).sendKeys(typed);
        }
        clickWhenStill(d, side.control(button));
        return "shows " + dialog + (typed == null ? "" : ", typed " + typed) + ", " + button + ": " + debug(side.comms());
    }

    /** Picks an option: Angular Material's select opens a menu at the end of the page; Redwire's is the browser's. */
    private static void pick(WebDriver d, Side side, String label) {
        if (side.widget().startsWith("[node-id")) {
            d.findElement(By.cssSelector(side.css("dd", "md-select"))).click();
            By option = By.xpath("//div[contains(@class,'md-select-menu-container') and contains(@class,'md-active')]"
                    + "//md-option[normalize-space(.)='" + label + "']");
            clickWhenStill(d, option);
        } else {
            new org.openqa.selenium.support.ui.Select(d.findElement(By.cssSelector(side.css("dd", "select"))))
                    .selectByVisibleText(label);
        }
    }

    private static void clickWhenStill(WebDriver d, String css) {
        clickWhenStill(d, By.cssSelector(css));
    }

    /** Clicks once the element is there and done moving (menus and dialogs animate in). */
    private static void clickWhenStill(WebDriver d, By by) {
        WebElement e = new WebDriverWait(d, WAIT).until(x -> {
            List<WebElement> found = x.findElements(by);
            return found.isEmpty() || !found.get(0).isDisplayed() ? null : found.get(0);
        });
        String where = "const r = arguments[0].getBoundingClientRect(); return r.left + ',' + r.top + ',' + r.width;";
        new WebDriverWait(d, WAIT).until(x -> {
            Object before = sharedBrowser().js(where, e);
            try {
                Thread.sleep(150);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
            }
            return before.equals(sharedBrowser().js(where, e));
        });
        e.click();
    }

    private static void waitFor(WebDriver d, Side side, String what, String value) {
        try {
            new WebDriverWait(d, Duration.ofSeconds(10)).until(x -> value.equals(side.shown(d, what)));
        } catch (org.openqa.selenium.TimeoutException stays) {
            // recorded as it is
        }
    }

    /** The next debug msg's payload, the name ui_ui_control gives a tab, its params and whether it names the page. */
    private static String debugWithName(CommsClient comms) throws Exception {
        Map<?, ?> msg = nextMsg(comms);
        if (msg == null) {
            return "no debug msg";
        }
        return "debug payload=" + Json.stringify(msg.get("payload")) + " name=" + Json.stringify(msg.get("name"))
                + " params=" + Json.stringify(msg.get("params")) + " socketid " + (msg.get("socketid") instanceof String)
                + " socketip " + (msg.get("socketip") instanceof String);
    }

    /** The next debug msg as ui_ui_control reports a group's fold: group, open, topic, and whether it names the page. */
    private static String debugGroup(CommsClient comms) throws Exception {
        Map<?, ?> msg = nextMsg(comms);
        if (msg == null) {
            return "no debug msg";
        }
        return "debug payload=" + Json.stringify(msg.get("payload")) + " group=" + Json.stringify(msg.get("group"))
                + " open=" + Json.stringify(msg.get("open")) + " topic=" + Json.stringify(msg.get("topic"))
                + " socketid " + (msg.get("socketid") instanceof String)
                + " socketip " + (msg.get("socketip") instanceof String);
    }

    /** The whole msg of the next debug message, or null when none comes. */
    private static Map<?, ?> nextMsg(CommsClient comms) throws Exception {
        Map<String, Object> m = comms.next("debug", 20);
        if (m == null) {
            return null;
        }
        Map<?, ?> data = (Map<?, ?>) m.get("data");
        return (Map<?, ?>) (data.get("msg") instanceof String s ? Json.parse(s) : data.get("msg"));
    }

    private static EditorBrowser sharedBrowser() {
        try {
            return EditorBrowser.shared();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
