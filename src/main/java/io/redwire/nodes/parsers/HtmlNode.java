package io.redwire.nodes.parsers;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.msg.Messages;
import io.redwire.msg.NodeError;
import io.redwire.msg.PropertyPath;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.jsoup.select.Selector;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * html: selects elements of an HTML document with a CSS selector (jsoup's, close to cheerio's) and returns their
 * inner html, text, attributes or all of it ("compl"), as one array or one message per match (msg.parts).
 */
public final class HtmlNode extends PropertyParserNode {
    static final Field OUTPROPERTY = Field.str("outproperty", "payload");
    static final Field TAG = Field.str("tag", "");
    static final Field RET = Field.select("ret", "html", "html", "text", "attr", "compl");
    static final Field AS = Field.select("as", "single", "single", "multi");
    static final Field CHR = Field.str("chr", "_");

    public static final NodeType TYPE = NodeType.builder("html", "parser").color("#DEBD5C").ports(1, 1)
            .help("Picks elements out of an HTML document with a CSS selector.\n\n- Returns each match's HTML, text or attributes, as one array or one message per match.")
            .label(Label.firstOf("name", "tag").or("html"))
            .fields(PROPERTY, OUTPROPERTY, TAG, RET, AS, CHR)
            .factory(HtmlNode::new);

    private final PropertyPath outProperty;
    private final String tag;
    private final String ret;
    private final boolean multi;
    private final String chr;

    HtmlNode(NodeConfig c) {
        super(c);
        String out = c.str(OUTPROPERTY);
        this.outProperty = out.isEmpty() ? property : c.msgPath(OUTPROPERTY);
        this.tag = c.str(TAG);
        this.ret = c.str(RET).isEmpty() ? "html" : c.str(RET);
        this.multi = "multi".equals(c.str(AS));
        this.chr = c.str(CHR).isEmpty() ? "_" : c.str(CHR);
    }

    @Override
    protected void convert(Map<String, Object> msg, Object value, Done done) {
        String selector = tag;
        if (msg.containsKey("select") && tag.isEmpty()) {
            selector = JsValues.toJsString(msg.get("select"));
        }
        String html = value instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : JsValues.toJsString(value);
        Elements matches;
        try {
            // cheerio selects nothing for an empty selector; jsoup would refuse it
            matches = selector.isBlank() ? new Elements() : Jsoup.parse(html).select(selector);
        } catch (Selector.SelectorParseException | IllegalArgumentException e) {
            done.done(new NodeError(e.getMessage()));
            return;
        }
        List<Object> results = new ArrayList<>();
        int index = 0;
        for (Element e : matches) {
            Object result = result(e);
            if (multi) {
                if (JsValues.truthy(result)) {
                    Map<String, Object> m = Messages.cloneMessage(msg);
                    outProperty.set(m, result, true, m);
                    Map<String, Object> parts = new LinkedHashMap<>();
                    parts.put("id", msg.get("_msgid"));
                    parts.put("index", index);
                    parts.put("count", matches.size());
                    parts.put("type", "string");
                    parts.put("ch", "");
                    m.put("parts", parts);
                    send(m);
                }
            } else {
                results.add(result);
            }
            index++;
        }
        if (!multi) {
            outProperty.set(msg, results, true, msg);
            send(msg);
        }
        done.done();
    }

    private Object result(Element e) {
        switch (ret) {
            case "text":
                return CheerioText.text(e);
            case "attr":
                return CheerioText.attributes(e);
            case "compl":
                Map<String, Object> all = new LinkedHashMap<>();
                all.put(chr, CheerioText.innerHtml(e).strip());
                all.putAll(CheerioText.attributes(e));
                return all;
            default:
                return CheerioText.innerXml(e);
        }
    }
}
