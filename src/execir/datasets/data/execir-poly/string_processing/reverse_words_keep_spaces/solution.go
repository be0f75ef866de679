package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func reverseWords(s string) string {
	var out strings.Builder
	i, n := 0, len(s)
	for i < n {
		if s[i] == ' ' {
			out.WriteByte(' ')
			i++
			continue
		}
		j := i
		for j < n && s[j] != ' ' {
			j++
		}
		for k := j - 1; k >= i; k-- {
			out.WriteByte(s[k])
		}
		i = j
	}
	return out.String()
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	line, _ := reader.ReadString('\n')
	fmt.Println(reverseWords(strings.TrimRight(line, "\n")))
}
