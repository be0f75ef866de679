package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func vigenere(text, key string) string {
	if len(key) == 0 {
		return text
	}
	out := []byte(text)
	k := 0
	for i, ch := range out {
		lower, upper := ch >= 'a' && ch <= 'z', ch >= 'A' && ch <= 'Z'
		if lower || upper {
			shift := key[k%len(key)] - 'a'
			base := byte('A')
			if lower {
				base = 'a'
			}
			out[i] = base + (ch-base+shift)%26
			k++
		}
	}
	return string(out)
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	key, _ := reader.ReadString('\n')
	text, _ := reader.ReadString('\n')
	fmt.Println(vigenere(strings.TrimRight(text, "\n"), strings.TrimSpace(key)))
}
