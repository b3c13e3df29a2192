// Refuses a property given outside its fixed set of values before the plan sends anything. Each
// ready plan runs it from the first sampler of its setUp group, whose Parameters list the plan's
// choices: "format=json,avro acks=0,1,all" (a property not given keeps the plan's default). A
// value outside its set fails the sample with one ERROR line naming it; the group's "Stop Test" on
// a sampler error then ends the run before the other thread groups start. When every value is one
// of its set, the sample is left out of the results.
def plan = org.apache.jmeter.services.FileServer.fileServer.scriptName
for (choice in args) {
    def (name, values) = choice.split('=', 2)
    def allowed = values.split(',') as List
    def given = props.getProperty(name)
    if (given != null && !allowed.contains(given)) {
        def line = "${plan}: -J${name}=${given} is not one of ${allowed.join(', ')}".toString()
        log.error(line)
        SampleResult.successful = false
        SampleResult.responseCode = '400'
        SampleResult.responseMessage = line
        return
    }
}
SampleResult.setIgnore()
