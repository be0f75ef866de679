package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func caesar(text string, k int) string {
	shift := byte(((k % 26) + 26) % 26)
	out := []byte(text)
	for i, ch := range out {
		if ch >= 'a' && ch <= 'z' {
			out[i] = 'a' + (ch-'a'+shift)%26
		} else if ch >= 'A' && ch <= 'Z' {
			out[i] = 'A' + (ch-'A'+shift)%26
		}
	}
	return string(out)
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	first, _ := reader.ReadString('\n')
	text, _ := reader.ReadString('\n')
	k, _ := strconv.Atoi(strings.TrimSpace(first))
	fmt.Println(caesar(strings.TrimRight(text, "\n"), k))
}
