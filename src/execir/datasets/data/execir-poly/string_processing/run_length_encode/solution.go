package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func encode(text string) string {
	var out strings.Builder
	i := 0
	for i < len(text) {
		j := i
		for j < len(text) && text[j] == text[i] {
			j++
		}
		out.WriteByte(text[i])
		out.WriteString(strconv.Itoa(j - i))
		i = j
	}
	return out.String()
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	line, _ := reader.ReadString('\n')
	fmt.Println(encode(strings.TrimRight(line, "\n")))
}
