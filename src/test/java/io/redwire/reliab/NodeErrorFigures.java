package io.redwire.reliab;

/**
 * Issue 21's figures for errors raised by node code (scripts/hostile.sh, through {@link HostileFigures}): a
 * template that would render a billion characters and a file name with a NUL byte.
 */
final class NodeErrorFigures {
    /**
     * /tpl renders three nested sections over 1000 items, /deep a template nested 20 000 sections deep, /ok answers,
     * /block holds the flow loop for 3.5 s; a catch node answers every error 500 with its message.
     */
    static final String FLOWS = """
            [{"id":"t1","type":"tab","label":"node errors"},
             {"id":"tplin","type":"http in","z":"t1","url":"/tpl","method":"get","wires":[["items"]]},
             {"id":"items","type":"change","z":"t1","rules":[{"t":"set","p":"items","pt":"msg","to":"[1..1000]",
              "tot":"jsonata"}],"wires":[["tpl"]]},
             {"id":"tpl","type":"template","z":"t1","field":"payload","fieldType":"msg","syntax":"mustache",
              "template":"{{#items}}{{#items}}{{#items}}x{{/items}}{{/items}}{{/items}}","output":"str",
              "wires":[["res"]]},
             {"id":"deepin","type":"http in","z":"t1","url":"/deep","method":"get","wires":[["flag"]]},
             {"id":"flag","type":"change","z":"t1","rules":[{"t":"set","p":"a","pt":"msg","to":"true","tot":"bool"}],
              "wires":[["deep"]]},
             {"id":"deep","type":"template","z":"t1","field":"payload","fieldType":"msg","syntax":"mustache",
              "template":"%s","output":"str","wires":[["res"]]},
             {"id":"okin","type":"http in","z":"t1","url":"/ok","method":"get","wires":[["res"]]},
             {"id":"blockin","type":"http in","z":"t1","url":"/block","method":"get","wires":[["block"]]},
             {"id":"block","type":"function","z":"t1","func":"const t = Date.now(); while (Date.now() - t < 3500) {}\\nreturn msg;",
              "outputs":1,"wires":[["res"]]},
             {"id":"res","type":"http response","z":"t1","wires":[]},
             {"id":"catch","type":"catch","z":"t1","uncaught":false,"wires":[["err"]]},
             {"id":"err","type":"change","z":"t1","rules":[{"t":"set","p":"payload","pt":"msg","to":"error.message",
              "tot":"msg"},{"t":"set","p":"statusCode","pt":"msg","to":"500","tot":"num"}],"wires":[["res"]]}]
            """.formatted("{{#a}}".repeat(20_000) + "x" + "{{/a}}".repeat(20_000));

    private NodeErrorFigures() {
    }
}
