// mutool run mu-edit.js in.pdf out.pdf FROM TO  (MuPDF 1.21 JavaScript): replaces FROM by TO in
// the decoded content streams of page 1 and saves incrementally.
var doc = new PDFDocument(scriptArgs[0]);
var page = doc.findPage(0);
var contents = page.get("Contents");
var streams = [];
if (contents.isArray()) for (var i = 0; i < contents.length; i++) streams.push(contents.get(i)); else streams.push(contents);
var done = false;
for (var k = 0; k < streams.length; k++) {
  // MuPDF 1.21 buffers cannot be read from JavaScript: save the decoded stream and read it back
  var scratch = scriptArgs[1] + ".stream" + k;
  streams[k].readStream().save(scratch);
  var text = read(scratch);
  if (text.indexOf(scriptArgs[2]) >= 0) {
    streams[k].writeStream(text.split(scriptArgs[2]).join(scriptArgs[3]));
    done = true;
  }
}
if (!done) throw new Error("text not found");
doc.save(scriptArgs[1], "incremental");
