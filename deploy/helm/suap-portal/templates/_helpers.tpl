{{/* Names and labels shared by the chart's objects. */}}
{{- define "suap-portal.fullname" -}}
{{- if contains .Chart.Name .Release.Name }}{{ .Release.Name | trunc 63 | trimSuffix "-" }}{{ else }}{{ printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" }}{{ end }}
{{- end }}

{{- define "suap-portal.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "suap-portal.labels" -}}
{{ include "suap-portal.selectorLabels" . }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "suap-portal.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end }}

{{/* The portal's environment: production, the settings of values.env, and NAME_FILE for each secret. */}}
{{- define "suap-portal.env" -}}
- name: NODE_ENV
  value: production
- name: HOST
  value: 0.0.0.0
- name: PORT
  value: "3000"
- name: DATA_DIR
  value: /var/lib/suap-portal/data
{{- range $name, $value := .Values.env }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- range $name, $key := .Values.secrets.files }}
- name: {{ $name }}_FILE
  value: {{ printf "%s/%s" $.Values.secrets.mountPath $key | quote }}
{{- end }}
{{- end }}

{{/* The pod's volumes: the Secret as files, DATA_DIR's parent and /tmp (the root file system is read-only). */}}
{{- define "suap-portal.volumes" -}}
- name: secrets
  secret:
    secretName: {{ .Values.secrets.existingSecret }}
    defaultMode: 0440
    items:
    {{- range $name, $key := .Values.secrets.files }}
      - key: {{ $key }}
        path: {{ $key }}
    {{- end }}
- name: data
  emptyDir:
    sizeLimit: {{ .Values.dataVolume.sizeLimit }}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.tmpVolume.sizeLimit }}
{{- end }}

{{- define "suap-portal.volumeMounts" -}}
- name: secrets
  mountPath: {{ .Values.secrets.mountPath }}
  readOnly: true
- name: data
  mountPath: /var/lib/suap-portal
- name: tmp
  mountPath: /tmp
{{- end }}
