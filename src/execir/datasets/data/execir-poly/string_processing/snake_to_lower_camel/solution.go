package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func toCamel(name string) string {
	var out strings.Builder
	first := true
	for _, piece := range strings.Split(name, "_") {
		if piece == "" {
			continue
		}
		if first {
			out.WriteString(strings.ToLower(piece))
			first = false
		} else {
			out.WriteString(strings.ToUpper(piece[:1]) + strings.ToLower(piece[1:]))
		}
	}
	return out.String()
}

func main() {
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Split(bufio.ScanWords)
	for scanner.Scan() {
		fmt.Println(toCamel(scanner.Text()))
	}
}
