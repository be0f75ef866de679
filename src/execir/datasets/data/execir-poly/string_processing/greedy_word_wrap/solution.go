package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

func wrap(words []string, width int) []string {
	lines := []string{}
	current := ""
	for _, word := range words {
		if current == "" {
			current = word
		} else if len(current)+1+len(word) <= width {
			current += " " + word
		} else {
			lines = append(lines, current)
			current = word
		}
	}
	if current != "" {
		lines = append(lines, current)
	}
	return lines
}

func main() {
	data, _ := io.ReadAll(os.Stdin)
	tokens := strings.Fields(string(data))
	width, _ := strconv.Atoi(tokens[0])
	fmt.Println(strings.Join(wrap(tokens[1:], width), "\n"))
}
