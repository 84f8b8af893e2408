"""Writing a verification report as JUnit XML, for CI dashboards."""
from xml.etree import ElementTree as ET


def junit_xml(report):
    suite = ET.Element("testsuite", name="scenarios", tests=str(len(report.verdicts)),
                       failures=str(report.count("failed", "xpass")),
                       errors=str(report.count("invalid")), skipped=str(report.count("xfail")),
                       time=f"{sum(v.ms for v in report.verdicts) / 1000:.4f}")
    for verdict in report.verdicts:
        case = ET.SubElement(suite, "testcase", classname=f"scenarios.{verdict.format}",
                             name=verdict.slug, file=verdict.path, time=f"{verdict.ms / 1000:.4f}")
        if verdict.status in ("failed", "xpass"):
            ET.SubElement(case, "failure", message=verdict.message).text = verdict.message
        elif verdict.status == "invalid":
            ET.SubElement(case, "error", message=verdict.message).text = verdict.message
        elif verdict.status == "xfail":
            ET.SubElement(case, "skipped", message=verdict.message)
    return ET.tostring(suite, encoding="unicode", xml_declaration=True)
