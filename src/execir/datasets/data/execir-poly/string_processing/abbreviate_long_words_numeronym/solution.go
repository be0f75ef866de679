package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func abbreviate(text string, limit int) string {
	out := []string{}
	for _, word := range strings.Fields(text) {
		if len(word) > limit {
			out = append(out, word[:1]+strconv.Itoa(len(word)-2)+word[len(word)-1:])
		} else {
			out = append(out, word)
		}
	}
	return strings.Join(out, " ")
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	first, _ := reader.ReadString('\n')
	text, _ := reader.ReadString('\n')
	limit, _ := strconv.Atoi(strings.TrimSpace(first))
	fmt.Println(abbreviate(text, limit))
}
