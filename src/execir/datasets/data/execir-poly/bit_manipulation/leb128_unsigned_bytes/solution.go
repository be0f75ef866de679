package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func leb128(value int64) []string {
	if value < 0 {
		return nil
	}
	var out []string
	for {
		b := value & 0x7F
		value >>= 7
		if value != 0 {
			out = append(out, fmt.Sprintf("%02X", b|0x80))
		} else {
			return append(out, fmt.Sprintf("%02X", b))
		}
	}
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	q, _ := strconv.Atoi(sc.Text())
	for i := 0; i < q; i++ {
		sc.Scan()
		v, _ := strconv.ParseInt(sc.Text(), 10, 64)
		if encoded := leb128(v); encoded == nil {
			fmt.Println("invalid")
		} else {
			fmt.Println(strings.Join(encoded, " "))
		}
	}
}
