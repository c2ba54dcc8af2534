# clusterbench CLI on a Java 17 JRE (docs/kubernetes.md). Build the jar first: mvn -B package -DskipTests
FROM eclipse-temurin:17-jre
COPY target/clusterbench.jar /opt/clusterbench/clusterbench.jar
RUN printf '#!/bin/sh\nexec java $JAVA_OPTS -jar /opt/clusterbench/clusterbench.jar "$@"\n' > /usr/local/bin/clusterbench \
    && chmod 755 /usr/local/bin/clusterbench
WORKDIR /results
ENTRYPOINT ["clusterbench"]
