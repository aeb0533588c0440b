// The shell's public face for other features: the WhatsApp deep link the chat button uses.
